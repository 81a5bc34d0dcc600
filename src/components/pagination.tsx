import { Box, Button, Flex, HStack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { DirectionalIcon } from "./directional-icon";

/** The page numbers to show: the first, the last, and the current one with a neighbour each side; null is a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const want = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  // A gap of exactly one page shows that page instead of an ellipsis.
  if (want.has(3) && page <= 3) want.add(2);
  if (want.has(pageCount - 2) && page >= pageCount - 2) want.add(pageCount - 1);
  const sorted = [...want].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && n - prev === 2) out.push(n - 1);
    else if (prev !== undefined && n - prev > 2) out.push(null);
    out.push(n);
  });
  return out;
}

interface PaginationProps {
  /** The current page (1-based). */
  page: number;
  pageCount: number;
  /** The address of a page (a real link: the pages work without JavaScript). */
  hrefFor: (page: number) => string;
  /** The navigation landmark's name, e.g. "Blog pages". */
  label: string;
  /** Optional line above the links, e.g. "Showing 13–24 of 10,000 articles". */
  summary?: ReactNode;
  /** Keep the scroll position on client navigation. */
  preventScrollReset?: boolean;
  /** Handle a plain click in place of navigating (the links keep their addresses for new tabs). */
  onNavigate?: (page: number) => void;
}

interface PageLinkProps {
  to: string;
  children: ReactNode;
  current?: boolean;
  label?: string;
  rel?: string;
  preventScrollReset?: boolean;
  onClick?: () => void;
}

function PageLink({ to, children, current, label, rel, preventScrollReset, onClick }: PageLinkProps) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onClick || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onClick();
  };
  return (
    <Button asChild type={undefined} size="sm" minW="10" variant={current ? "solid" : "outline"} colorPalette="brand" rounded="lg">
      <RouterLink
        to={to}
        aria-current={current ? "page" : undefined}
        aria-label={label}
        rel={rel}
        preventScrollReset={preventScrollReset}
        onClick={click}
      >
        {children}
      </RouterLink>
    </Button>
  );
}

/**
 * Links to the previous, next and nearby pages of a list. A `nav` landmark with its own name; the
 * current page carries `aria-current="page"`; the arrows point the reading direction (mirrored in
 * Arabic). On the first or the last page the missing neighbour is shown disabled, not as a link.
 * Nothing is rendered for a single page.
 */
export function Pagination({ page, pageCount, hrefFor, label, summary, preventScrollReset, onNavigate }: PaginationProps) {
  const go = (n: number) => (onNavigate ? () => onNavigate(n) : undefined);
  const { t } = useLingui();
  if (pageCount <= 1)
    return summary ? (
      <Text color="fg.muted" textAlign="center" fontSize="sm">
        {summary}
      </Text>
    ) : null;
  const disabled = (icon: ReactNode, text: ReactNode) => (
    <Button asChild type={undefined} size="sm" variant="outline" rounded="lg" opacity="0.5" cursor="default" pointerEvents="none">
      <span aria-disabled="true">
        {icon}
        {text}
      </span>
    </Button>
  );
  const prevIcon = (
    <DirectionalIcon boxSize="4">
      <ChevronLeft />
    </DirectionalIcon>
  );
  const nextIcon = (
    <DirectionalIcon boxSize="4">
      <ChevronRight />
    </DirectionalIcon>
  );
  return (
    <Box as="nav" aria-label={label}>
      <Flex direction="column" align="center" gap="3">
        {summary ? (
          <Text color="fg.muted" fontSize="sm">
            {summary}
          </Text>
        ) : null}
        <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" justify="center">
          <li>
            {page > 1 ? (
              <PageLink to={hrefFor(page - 1)} rel="prev" preventScrollReset={preventScrollReset} onClick={go(page - 1)}>
                {prevIcon}
                <Trans>Previous</Trans>
              </PageLink>
            ) : (
              disabled(prevIcon, <Trans>Previous</Trans>)
            )}
          </li>
          {pageWindow(page, pageCount).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true">
                <Text as="span" px="1" color="fg.muted">
                  …
                </Text>
              </li>
            ) : (
              <li key={n}>
                <PageLink to={hrefFor(n)} current={n === page} label={t`Page ${n}`} preventScrollReset={preventScrollReset} onClick={go(n)}>
                  <bdi>{n}</bdi>
                </PageLink>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <PageLink to={hrefFor(page + 1)} rel="next" preventScrollReset={preventScrollReset} onClick={go(page + 1)}>
                <Trans>Next</Trans>
                {nextIcon}
              </PageLink>
            ) : (
              disabled(nextIcon, <Trans>Next</Trans>)
            )}
          </li>
        </HStack>
      </Flex>
    </Box>
  );
}
