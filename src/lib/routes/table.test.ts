import { describe, expect, it } from "vitest";
import { localizePath } from "../i18n/locale";
import { adminNav, examplePath, fixedPrefix, privatePathPattern, queryPathPattern, sectionsBySegment, sitemapPages } from "./derive";
import { ADMIN_BASE, isAdminPath } from "./paths";
import { ADMIN_SECTIONS, ROUTES, type RouteEntry } from "./table";

const table: readonly RouteEntry[] = ROUTES;
const pages = table.filter((r) => r.kind === "page");
const layouts = new Map(table.filter((r) => r.kind === "layout").map((r) => [r.id, r]));

describe("the route table", () => {
  it("names every route once", () => {
    const ids = table.filter((r) => r.id).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = table.filter((r) => r.kind !== "layout").map((r) => r.path);
    expect(new Set(paths).size, "two routes with one path").toBe(paths.length);
    for (const r of table) if (r.kind !== "resource") expect(r.id, r.path).toBeTruthy();
  });

  it("puts each route under a layout it has, at or under that layout's path", () => {
    for (const r of table) {
      if (!r.layout) continue;
      const parent = layouts.get(r.layout);
      expect(parent, `${r.id}: layout ${r.layout}`).toBeDefined();
      if (r.path === "*" || parent!.path === "/") continue;
      expect(r.path === parent!.path || r.path.startsWith(`${parent!.path}/`), r.id).toBe(true);
    }
  });

  it("keeps the admin area at or under ADMIN_BASE and nothing else there", () => {
    for (const r of table) {
      const under = r.path === ADMIN_BASE || r.path.startsWith(`${ADMIN_BASE}/`);
      expect(under, `${r.id ?? r.path} (${r.area})`).toBe(r.area === "admin");
    }
  });

  it("gives every admin page under the admin layout a section, and only admin pages", () => {
    for (const r of table) {
      if (r.layout === "admin") expect(r.section, r.id).toBeDefined();
      if (r.section) expect(r.area, r.id).toBe("admin");
      if (r.nav) expect(r.section, r.id).toBeDefined();
      if (r.section) expect(Object.keys(ADMIN_SECTIONS)).toContain(r.section);
    }
    // One section per segment (the role check goes by segment), one link per section.
    expect(() => sectionsBySegment()).not.toThrow();
    const linked = adminNav().map((l) => l.section);
    expect(new Set(linked).size).toBe(linked.length);
  });

  it("caches no admin page and lists only public, shared pages without parameters in the sitemap", () => {
    for (const r of table) {
      if (r.area === "admin") expect(r.cache, r.id).toBe("private");
      if (r.kind === "resource") expect(r.cache, r.path).toBe("file");
      else expect(r.cache, r.id).not.toBe("file");
      if (!r.sitemap) continue;
      expect([r.kind, r.area, r.cache], r.id).toEqual(["page", "public", "shared"]);
      expect(r.path, r.id).not.toMatch(/[:*]/);
    }
  });
});

describe("what is derived from the route table", () => {
  it("the sitemap's pages are the table's sitemap pages, in its order", () => {
    expect(sitemapPages().map((p) => p.path)).toEqual(pages.filter((r) => r.sitemap).map((r) => r.path));
    expect(
      sitemapPages()
        .filter((p) => p.lastmod === "newest-post")
        .map((p) => p.path),
    ).toEqual(["/blog"]);
  });

  it("the admin-path test holds exactly the admin area's pages, in both languages", () => {
    for (const r of pages)
      for (const locale of ["ar", "en"] as const) {
        const path = localizePath(examplePath(r.path), locale);
        expect(isAdminPath(path), path).toBe(r.area === "admin");
      }
    expect(isAdminPath("/administrators")).toBe(false);
    expect(isAdminPath("/en/admin")).toBe(true);
  });

  it("the private-path pattern refuses every private page and nothing else of the table", () => {
    const pattern = privatePathPattern();
    for (const r of pages) expect(pattern.test(examplePath(r.path)), r.id).toBe(r.cache === "private");
    // What lies beneath a private page's fixed part is refused too (a broken preview link, an unknown admin page).
    for (const r of pages.filter((p) => p.cache === "private")) expect(pattern.test(`${fixedPrefix(r.path)}/x1/x2`), r.id).toBe(true);
    expect(pattern.source).toBe("^(?:\\/admin|\\/booking|\\/preview)(?:\\/|$)");
  });

  it("the query pattern holds exactly the pages whose loader reads the query", () => {
    const pattern = queryPathPattern();
    for (const r of pages) {
      expect(pattern.test(examplePath(r.path)), r.id).toBe(r.query === true);
      expect(pattern.test(`${examplePath(r.path).replace(/\/$/, "")}/`), r.id).toBe(r.query === true);
    }
  });

  it("derives from any table: a private route with a parameter, a query page with one", () => {
    const other: RouteEntry[] = [
      { kind: "page", id: "a", path: "/orders/:id", file: "routes/a.tsx", area: "public", cache: "private" },
      { kind: "page", id: "b", path: "/orders/:id/receipt", file: "routes/b.tsx", area: "public", cache: "private" },
      { kind: "page", id: "c", path: "/shop/:category", file: "routes/c.tsx", area: "public", cache: "shared", query: true },
    ];
    expect(privatePathPattern(other).source).toBe("^(?:\\/orders)(?:\\/|$)");
    expect(queryPathPattern(other).test("/shop/shoes/")).toBe(true);
    expect(queryPathPattern(other).test("/shop")).toBe(false);
    expect(privatePathPattern([]).test("/anything")).toBe(false);
  });
});
