import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { LOCALE_LAYOUT, ROUTES, type RouteEntry } from "../lib/routes/table";

/**
 * React Router's route config, built from the route table (src/lib/routes/table.ts): add or change a page
 * there, not here. Every page exists twice: Arabic at the root (default) and English under /en. Both trees
 * use the same route modules; ids carry the language ("ar:blog", "en:blog").
 */
const table: readonly RouteEntry[] = ROUTES;

/** A route's path relative to its parent's (`/admin/posts` under `/admin` → `posts`); null: the parent's index. */
function relativePath(path: string, parent: string): string | null {
  if (path === parent) return null;
  const base = parent === "/" ? "/" : `${parent}/`;
  if (path !== "*" && !path.startsWith(base)) throw new Error(`route table: ${path} is not under its layout's ${parent}`);
  return path === "*" ? "*" : path.slice(base.length);
}

function entry(r: RouteEntry, parent: string, locale: "ar" | "en"): RouteConfigEntry {
  const id = { id: `${locale}:${r.id}` };
  if (r.kind === "layout") {
    const children = table.filter((c) => c.layout === r.id).map((c) => entry(c, r.path, locale));
    const path = relativePath(r.path, parent);
    return path === null ? layout(r.file, id, children) : route(path, r.file, id, children);
  }
  const path = relativePath(r.path, parent);
  return path === null ? index(r.file, id) : route(path, r.file, id);
}

function pages(locale: "ar" | "en") {
  return table.filter((r) => r.kind !== "resource" && !r.layout).map((r) => entry(r, "/", locale));
}

export default [
  ...table
    .filter((r) => r.kind === "resource")
    .map((r) => (r.id ? route(r.path.slice(1), r.file, { id: r.id }) : route(r.path.slice(1), r.file))),
  layout(LOCALE_LAYOUT, { id: "ar" }, pages("ar")),
  route("en", LOCALE_LAYOUT, { id: "en" }, pages("en")),
] satisfies RouteConfig;
