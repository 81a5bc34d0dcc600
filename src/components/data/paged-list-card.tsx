import { Card } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LoadState } from "@/components/feedback/load-state";
import { Pagination } from "@/components/pagination";

interface PagedListCardProps {
  status: "loading" | "failed" | "ready";
  /** A new page or filter is loading while the current rows stay. */
  busy?: boolean;
  /** The load state's labels (see `LoadState`). */
  loadingLabel: ReactNode;
  failedTitle: ReactNode;
  failedHint: ReactNode;
  retryLabel: ReactNode;
  onRetry?: () => void;
  /** Matching rows, all pages together: no page links while it is 0. */
  total: number;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  onPageChange: (page: number) => void;
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
  total,
  page,
  pageCount,
  hrefFor,
  onPageChange,
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
