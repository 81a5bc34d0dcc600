/**
 * One URL per page: a page path with capital ASCII letters (`/EN`, `/BLOG`, `/Contact`, `/En/blog`)
 * or a trailing slash (`/blog/`, `/en/contact/`) answers 301 with the same path in lower case, without
 * the slash, and the same query. A path that starts with more than one slash or a backslash (`//evil.example/x`,
 * `/\evil.example/x`) is redirected to the same path on this site with one slash: the target of a
 * redirect is always a path of this origin, never a protocol-relative address a browser would follow
 * off the site. Segments that hold other scripts
 * (an Arabic slug, usually percent-encoded) are left exactly as they are, and so are the API, the
 * built assets and files with an extension (an uploaded `Photo.JPG` keeps its name). A route parameter the
 * route table marks `caseSensitive` (src/lib/routes/table.ts) keeps its case too.
 */
import type { RequestHandler } from "express";
import { caseSensitiveSegments } from "../../src/lib/routes/derive.ts";

/** The first segments the server answers itself (the API, the built assets): never pages. */
export const SERVER_PREFIXES = ["rest", "auth", "storage", "functions", "realtime", "assets", "api"] as const;
const UNTOUCHED = new RegExp(`^/(?:${SERVER_PREFIXES.join("|")})(?:/|$)`, "i");

type KeepCase = ReturnType<typeof caseSensitiveSegments>;

/** The route table's parameters whose case matters (`caseSensitive`): never folded to lower case. */
const KEEP_CASE: KeepCase = caseSensitiveSegments();

/** The positions of the parts of a path that keep their case: the case-sensitive parameters of its route. */
function keptPositions(path: string, keepCase: KeepCase): Set<number> {
  const kept = new Set<number>();
  for (const route of keepCase) if (route.pattern.test(path)) for (const i of route.positions(/^\/en(?:\/|$)/i.test(path))) kept.add(i);
  return kept;
}

/**
 * The lowercase form of a page path, or null when it already is (or is not a page path). `keepCase`: the
 * case-sensitive parameters, the route table's unless a test gives its own.
 */
export function canonicalPath(pathname: string, keepCase: KeepCase = KEEP_CASE): string | null {
  // Leading slashes and backslashes collapse to one; a trailing slash goes (never the root's).
  const trimmed = `/${pathname.replace(/^[/\\]+/, "")}`.replace(/(.)\/+$/, "$1");
  const reshaped = trimmed !== pathname;
  if (UNTOUCHED.test(trimmed)) return reshaped && !UNTOUCHED.test(pathname) ? trimmed : null;
  const segments = trimmed.split("/");
  const last = segments[segments.length - 1] ?? "";
  if (last.includes(".")) return null;
  const kept = keepCase.length ? keptPositions(trimmed, keepCase) : null;
  let changed = false;
  const out = segments.map((segment, i) => {
    if (kept?.has(i)) return segment;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return segment;
    }
    // Only plain ASCII segments are folded: other scripts have no case to fix, and their
    // percent-encoding must not be rewritten.
    if (!/^[\x20-\x7e]*$/.test(decoded) || segment.includes("%")) return segment;
    const lower = segment.toLowerCase();
    if (lower !== segment) changed = true;
    return lower;
  });
  const target = out.join("/");
  return changed || reshaped ? `/${target.replace(/^[/\\]+/, "")}` : null;
}

export const canonicalPathRedirect: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = canonicalPath(req.path);
  if (target === null) return next();
  const query = req.originalUrl.indexOf("?");
  res.redirect(301, target + (query >= 0 ? req.originalUrl.slice(query) : ""));
};
