import { Card } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { LoadState } from "@/components/feedback/load-state";
import { Pagination } from "@/components/pagination";
import { pageCount } from "@/lib/paging";

/** Where an admin list stands: which page of how many, and how to reach the others. */
export interface ListPaging {
  /** Matching rows, all pages together: no page links while it is 0. */
  total: number;
  page: number;
  pageCount: number;
  /** Rows per page. */
  pageSize: number;
  /** The address of another page with the same filters (the links work in a new tab). */
  hrefFor: (page: number) => string;
  onPageChange: (page: number) => void;
}

/** The positions (from 1) of the first and last of the `shown` rows on the current page. */
export function shownRange({ page, pageSize, total }: ListPaging, shown: number): { first: number; last: number } {
  const first = (page - 1) * pageSize + 1;
  return { first, last: Math.min(total, first + shown - 1) };
}

interface ListPagingInput extends Omit<ListPaging, "pageCount"> {
  /** The rows of the page asked for have arrived. */
  loaded: boolean;
  /** How many rows that page has. */
  shown: number;
}

/**
 * The paging of a list loaded a page at a time: the page count from the total and, when the page
 * asked for is past the end (rows removed meanwhile), a move to the last page.
 */
export function useListPaging({ loaded, shown, ...paging }: ListPagingInput): ListPaging {
  const { total, page, pageSize, onPageChange } = paging;
  const pages = pageCount(total, pageSize);
  const pastEnd = loaded && shown === 0 && total > 0 && page > pages;
  useEffect(() => {
    if (pastEnd) onPageChange(pages);
  }, [pastEnd, pages, onPageChange]);
  return { ...paging, pageCount: pages };
}

interface PagedListCardProps {
  status: "loading" | "failed" | "ready";
  /** A new page or filter is loading while the current rows stay. */
  busy?: boolean;
  /** The load state's labels (see `LoadState`). */
  loadingLabel: ReactNode;
  failedTitle: ReactNode;
  onRetry?: () => void;
  paging: ListPaging;
  /** The page links' landmark name ("Lead pages"). */
  pagesLabel: string;
  /** The line above the links ("Leads 1–50 of 1,234"). */
  summary: ReactNode;
  /** The table, or the list's empty message. */
  children: ReactNode;
}

/** One page of an admin list: a card with its load states and, once loaded, the page links under it. */
export function PagedListCard({
  status,
  busy,
  paging: { total, page, pageCount, hrefFor, onPageChange },
  pagesLabel,
  summary,
  ...load
}: PagedListCardProps) {
  return (
    <>
      <Card.Root overflow="hidden" aria-busy={busy}>
        <LoadState status={status} {...load} />
      </Card.Root>
      {status === "ready" && total > 0 ? (
        <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} onNavigate={onPageChange} label={pagesLabel} summary={summary} />
      ) : null}
    </>
  );
}
