/**
 * What the rest of the code derives from the route table (./table.ts): the sitemap's pages, the admin's
 * navigation and sections, the page cache's rules and the canonical redirect's exceptions. Each takes the
 * table as an argument (the real one by default), so the derivation is tested on a table of its own.
 * Imports carry their extension: the server's page threads load this file with Node's type stripping.
 */
import { ADMIN_BASE } from "./paths.ts";
import { type AdminNavSection, type AdminSection, ROUTES, type RouteEntry } from "./table.ts";

type Table = readonly RouteEntry[];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `/blog/:slug` → [`blog`, `:slug`]; `/` → []. */
const segmentsOf = (path: string) => path.split("/").filter(Boolean);

const isParam = (segment: string) => segment.startsWith(":") || segment === "*";

/**
 * The regular expression source of a route path (without anchors): fixed segments as written, a `:param`
 * one segment, `*` anything.
 */
function pathPatternSource(path: string): string {
  if (path === "*") return "/.*";
  const segments = segmentsOf(path);
  if (segments.length === 0) return "/";
  return segments.map((s) => (s === "*" ? "/.*" : s.startsWith(":") ? "/[^/]+" : `/${escapeRegExp(s)}`)).join("");
}

/** The fixed part of a path, before its first parameter: `/preview/:token` → `/preview`, `*` → `/`. */
export function fixedPrefix(path: string): string {
  const fixed: string[] = [];
  for (const segment of segmentsOf(path === "*" ? "/" : path)) {
    if (isParam(segment)) break;
    fixed.push(segment);
  }
  return `/${fixed.join("/")}`;
}

/** The pages of the sitemap, in table order (each is listed in both languages). */
export function sitemapPages(table: Table = ROUTES): { path: string; lastmod: "newest-post" | null }[] {
  return table.filter((r) => r.kind === "page" && r.sitemap).map((r) => ({ path: r.path, lastmod: r.sitemap?.lastmod ?? null }));
}

/** The links of the admin navigation, in table order; `exact`: active on its own path only (the dashboard). */
export function adminNav(): { section: AdminNavSection; to: string; exact: boolean }[] {
  const table: Table = ROUTES;
  return table
    .filter((r) => r.nav)
    .map((r) => ({
      section: r.section as AdminNavSection,
      to: r.path,
      exact: r.path === ADMIN_BASE,
    }));
}

/**
 * The admin section of each first segment under the admin's layout (`""` for its index): `posts` for
 * `/admin/posts`, `/admin/posts/new` and `/admin/posts/:id/edit`. Throws when two pages under one segment
 * name different sections (the role check goes by segment).
 */
export function sectionsBySegment(table: Table = ROUTES): Map<string, AdminSection> {
  const bySegment = new Map<string, AdminSection>();
  const base = segmentsOf(ADMIN_BASE).length;
  for (const r of table) {
    if (r.layout !== "admin" || !r.section) continue;
    const segment = segmentsOf(r.path)[base] ?? "";
    const known = bySegment.get(segment);
    if (known && known !== r.section) throw new Error(`route table: ${ADMIN_BASE}/${segment} is in sections ${known} and ${r.section}`);
    bySegment.set(segment, r.section);
  }
  return bySegment;
}

/**
 * Paths the page cache refuses before rendering: under the fixed part of every `private` route
 * (`/admin`, `/preview` …), language prefix taken off. Matches the path itself and everything beneath it.
 */
export function privatePathPattern(table: Table = ROUTES): RegExp {
  const prefixes = [...new Set(table.filter((r) => r.cache === "private").map((r) => fixedPrefix(r.path)))];
  const outermost = prefixes.filter((p) => !prefixes.some((q) => q !== p && (q === "/" || p.startsWith(`${q}/`)))).sort();
  if (outermost.includes("/")) return /^\//;
  if (outermost.length === 0) return /$^/;
  return new RegExp(`^(?:${outermost.map(escapeRegExp).join("|")})(?:/|$)`);
}

/** Pages whose loader reads the query string (language prefix taken off; a trailing slash allowed). */
export function queryPathPattern(table: Table = ROUTES): RegExp {
  const sources = table.filter((r) => r.kind === "page" && r.query).map((r) => pathPatternSource(r.path).replace(/\/$/, ""));
  if (sources.length === 0) return /$^/;
  return new RegExp(`^(?:${sources.join("|")})/?$`);
}

/**
 * The routes with parameters whose case matters: a case-insensitive pattern of the whole path (with or
 * without the `/en` prefix) and the positions, among the path's `/`-separated parts, of those parameters.
 */
export function caseSensitiveSegments(table: Table = ROUTES): { pattern: RegExp; positions: (withPrefix: boolean) => number[] }[] {
  return table
    .filter((r) => r.caseSensitive?.length)
    .map((r) => {
      const segments = segmentsOf(r.path);
      const at = segments.flatMap((s, i) => (r.caseSensitive!.includes(s.slice(1)) && s.startsWith(":") ? [i + 1] : []));
      const localised = r.kind !== "resource";
      return {
        pattern: new RegExp(`^${localised ? "(?:/en)?" : ""}${pathPatternSource(r.path)}$`, "i"),
        positions: (withPrefix: boolean) => at.map((i) => (withPrefix && localised ? i + 1 : i)),
      };
    });
}

/** A concrete path a route answers (each parameter `x1`, `*` a path no page has): for the tests that hold the table to what reads it. */
export function examplePath(path: string): string {
  if (path === "*") return "/no-such-page/x1";
  return path.replace(/:[^/]+/g, "x1");
}
