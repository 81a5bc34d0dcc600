/** Lists shown a page at a time: the blog's public pages (`?page=`), the admin's lists, the sitemap's files. */

/** The largest page number read (page 100,000 of 12 posts is 1.2 million posts). */
const MAX_PAGE = 100_000;

/**
 * The `page` parameter: absent → 1; a whole number from 1 to MAX_PAGE → that page; anything else
 * ("0", "-1", "2.5", "abc", "1e3", several values) → null, which the list answers with a permanent
 * redirect to its address without the parameter.
 */
export function parsePageParam(params: URLSearchParams | string): number | null {
  const p = typeof params === "string" ? new URLSearchParams(params) : params;
  const all = p.getAll("page");
  if (all.length === 0) return 1;
  if (all.length > 1) return null;
  const raw = all[0]!;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_PAGE ? n : null;
}

/** How many pages `total` items fill, `pageSize` a page (an empty list still has its one page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
