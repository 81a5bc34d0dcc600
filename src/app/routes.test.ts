// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { LOCALE_LAYOUT, ROUTES, type RouteEntry } from "@/lib/routes/table";
import config from "./routes";

const table: readonly RouteEntry[] = ROUTES;
const appDir = fileURLToPath(new URL(".", import.meta.url));

/** Every route of the config with its whole path ("/en/blog/:slug"), id and file. */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; id: string | undefined; file: string }[] {
  return entries.flatMap((e) => {
    const path = e.path === undefined || e.index ? parent : `${parent}/${e.path}`;
    return [{ path: path || "/", id: e.id, file: e.file }, ...flatten(e.children ?? [], path)];
  });
}

describe("src/app/routes.ts", () => {
  const routes = flatten(config);

  it("every route module under src/app/routes is in the route table, and every file of the table exists", () => {
    const files = readdirSync(`${appDir}/routes`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => `routes/${f}`)
      .sort();
    const inTable = [...new Set([LOCALE_LAYOUT, ...table.map((r) => r.file)])].sort();
    expect(inTable).toEqual(files);
  });

  it("holds each page and layout of the table in both languages, at its path, with its id and module", () => {
    expect(routes).toContainEqual({ path: "/", id: "ar", file: LOCALE_LAYOUT });
    expect(routes).toContainEqual({ path: "/en", id: "en", file: LOCALE_LAYOUT });
    for (const r of table.filter((e) => e.kind !== "resource"))
      for (const locale of ["ar", "en"] as const) {
        const prefix = locale === "en" ? "/en" : "";
        const path = r.path === "*" ? `${prefix}/*` : `${prefix}${r.path === "/" ? "" : r.path}` || "/";
        expect(routes, `${locale}:${r.id}`).toContainEqual({ path, id: `${locale}:${r.id}`, file: r.file });
      }
  });

  it("holds the table's files once, at their path, and nothing the table does not have", () => {
    for (const r of table.filter((e) => e.kind === "resource")) expect(routes).toContainEqual({ path: r.path, id: r.id, file: r.file });
    const expected = 2 + table.filter((r) => r.kind !== "resource").length * 2 + table.filter((r) => r.kind === "resource").length;
    expect(routes).toHaveLength(expected);
  });

  it("keeps each page's Cache-Control in line with the table's cache policy", () => {
    for (const r of table.filter((e) => e.kind === "page" && e.area === "public")) {
      const source = readFileSync(`${appDir}/${r.file}`, "utf8");
      expect(/no-store/.test(source), `${r.file}: cache ${r.cache}`).toBe(r.cache !== "shared");
    }
  });
});
