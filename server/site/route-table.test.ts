// @vitest-environment node
import { describe, expect, it } from "vitest";
import { localizePath } from "../../src/lib/i18n/locale.ts";
import { caseSensitiveSegments, examplePath } from "../../src/lib/routes/derive.ts";
import { ROUTES, type RouteEntry } from "../../src/lib/routes/table.ts";
import { SERVER_PREFIXES, canonicalPath } from "./canonical-path.ts";
import { cacheTargetFor } from "./page-cache.ts";

const table: readonly RouteEntry[] = ROUTES;
const pages = table.filter((r) => r.kind === "page");

describe("the page cache follows the route table", () => {
  it("refuses the private pages and the files, and keeps the others, in both languages and as .data", () => {
    for (const r of pages)
      for (const locale of ["ar", "en"] as const) {
        const path = localizePath(examplePath(r.path), locale);
        expect(cacheTargetFor(path) === null, `${path} (${r.cache})`).toBe(r.cache === "private");
        expect(cacheTargetFor(`${path === "/" ? "/_root" : path}.data`) === null, `${path}.data`).toBe(r.cache === "private");
      }
    for (const r of table.filter((e) => e.kind === "resource"))
      expect(cacheTargetFor(examplePath(r.path).replace(/x1$/, "1.xml")), r.path).toBeNull();
  });

  it("keys on the query only the pages whose loader reads it", () => {
    for (const r of pages.filter((p) => p.cache !== "private")) {
      const path = examplePath(r.path);
      expect(cacheTargetFor(`${path}?q=x`)?.key, r.id).toBe(r.query ? `${path}?q=x` : path);
    }
  });
});

describe("the canonical redirect follows the route table", () => {
  it("folds every page's path to the table's, and no page lives under a prefix the server answers itself", () => {
    for (const r of pages) {
      const path = localizePath(examplePath(r.path), "en");
      expect(canonicalPath(path.toUpperCase()), path).toBe(r.caseSensitive?.length ? expect.any(String) : path);
      expect(canonicalPath(path), path).toBeNull();
      const first = (r.path.split("/")[1] ?? "").toLowerCase();
      expect(SERVER_PREFIXES as readonly string[], r.path).not.toContain(first);
    }
  });

  it("leaves a parameter the table marks case-sensitive as sent", () => {
    const keep = caseSensitiveSegments([
      {
        kind: "page",
        id: "t",
        path: "/tickets/:code/print",
        file: "routes/t.tsx",
        area: "public",
        cache: "private",
        caseSensitive: ["code"],
      },
      { kind: "resource", path: "/feeds/:key", file: "routes/f.ts", area: "public", cache: "file", caseSensitive: ["key"] },
    ]);
    expect(canonicalPath("/Tickets/AbC9/Print", keep)).toBe("/tickets/AbC9/print");
    expect(canonicalPath("/EN/Tickets/AbC9/Print/", keep)).toBe("/en/tickets/AbC9/print");
    expect(canonicalPath("/tickets/AbC9/print", keep)).toBeNull();
    expect(canonicalPath("/Feeds/XyZ", keep)).toBe("/feeds/XyZ");
    // Without the rule, the same parameter is folded like the rest.
    expect(canonicalPath("/Tickets/AbC9/Print")).toBe("/tickets/abc9/print");
  });
});
