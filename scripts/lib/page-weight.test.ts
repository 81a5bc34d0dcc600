import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initialFiles, inlineCssBytes, overBudget, pageWeights, readRouterManifest, routeChain } from "./page-weight.mjs";

const route = (id: string, parentId: string | undefined, module: string, imports: string[] = [], css: string[] = []) => ({
  id,
  parentId,
  module,
  imports,
  css,
});

const router = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"], css: [] },
  routes: {
    root: route("root", undefined, "/assets/root.js", ["/assets/react.js", "/assets/chakra.js"]),
    ar: route("ar", "root", "/assets/locale.js"),
    "ar:site": route("ar:site", "ar", "/assets/site.js", [], ["/assets/site.css"]),
    "ar:home": route("ar:home", "ar:site", "/assets/home.js", ["/assets/hero.js"]),
    "ar:admin": route("ar:admin", "ar", "/assets/admin.js", ["/assets/editor.js"]),
  },
};
const vite = {
  "src/app/root.tsx?__react-router-build-client-route": {
    file: "assets/root.js",
    assets: ["assets/inter.woff2", "assets/chakra-global.css"],
  },
  "locales/ar/messages.po?scope=public": { file: "assets/messages-ar.js" },
  "locales/en/messages.po?scope=public": { file: "assets/messages-en.js" },
  "locales/en/messages.po?scope=admin": { file: "assets/messages-en-admin.js" },
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("page weight", () => {
  it("follows the route chain from the root to the page", () => {
    expect(routeChain(router, "ar:home").map((r) => r.id)).toEqual(["root", "ar", "ar:site", "ar:home"]);
    expect(() => routeChain(router, "ar:nope")).toThrow(/not in the manifest/);
  });

  it("counts the entry, every route module on the chain, their imports, CSS and the page's catalog, once each", () => {
    const { js, css } = initialFiles(router, vite, "ar:home", "ar");
    expect(js.sort()).toEqual(
      [
        "/assets/entry.js",
        "/assets/react.js",
        "/assets/root.js",
        "/assets/chakra.js",
        "/assets/locale.js",
        "/assets/site.js",
        "/assets/home.js",
        "/assets/hero.js",
        "/assets/messages-ar.js",
      ].sort(),
    );
    expect(js).not.toContain("/assets/editor.js");
    expect(js).not.toContain("/assets/messages-en.js");
    expect(css.sort()).toEqual(["/assets/chakra-global.css", "/assets/site.css"]);
  });

  it("fails a page that grows past its budget, and one that has none", () => {
    const rows = [
      { id: "ar:home", jsFiles: 3, jsBytes: 1000, cssFiles: 1, cssBytes: 100 },
      { id: "en:home", jsFiles: 3, jsBytes: 1001, cssFiles: 1, cssBytes: 100 },
      { id: "ar:blog", jsFiles: 3, jsBytes: 10, cssFiles: 1, cssBytes: 101 },
      { id: "ar:demo", jsFiles: 3, jsBytes: 10, cssFiles: 1, cssBytes: 10 },
    ];
    const problems = overBudget(rows, { "*:home": { js: 1000, css: 100 }, "ar:blog": { js: 1000, css: 100 } });
    expect(problems).toEqual([
      "en:home: initial JS 1001 B brotli > budget 1000 B",
      "ar:blog: CSS files 101 B brotli > budget 100 B",
      "ar:demo: no budget",
    ]);
  });

  it("holds each page's inline CSS to its budget when measured", () => {
    const row = { id: "ar:home", jsFiles: 1, jsBytes: 10, cssFiles: 1, cssBytes: 10 };
    const budgets = { "*:home": { js: 100, css: 100, inlineCss: 1000 } };
    expect(overBudget([{ ...row, inlineCss: 1000 }], budgets)).toEqual([]);
    expect(overBudget([{ ...row, inlineCss: 1001 }], budgets)).toEqual(["ar:home: inline CSS 1001 B > budget 1000 B"]);
    expect(overBudget([{ ...row, inlineCss: 1 }], { "*:home": { js: 100, css: 100 } })).toEqual(["ar:home: no inline CSS budget"]);
    expect(overBudget([row], budgets)).toEqual(["ar:home: inline CSS not measured (no such page rendered)"]);
    expect(inlineCssBytes('<style data-x="a">é{}</style><p>x</p><style>b{}</style>')).toBe(7);
  });

  it("reads React Router's manifest and weighs the built files in brotli bytes", () => {
    dir = mkdtempSync(path.join(tmpdir(), "page-weight-"));
    mkdirSync(path.join(dir, "assets"));
    mkdirSync(path.join(dir, ".vite"));
    const routes = Object.fromEntries(
      ["ar", "en"].flatMap((l) => [
        [l, route(l, "root", "/assets/locale.js")],
        [`${l}:site`, route(`${l}:site`, l, "/assets/site.js")],
        ...["home", "blog", "article", "contact", "privacy", "demo", "not-found"].map((p) => [
          `${l}:${p}`,
          route(`${l}:${p}`, `${l}:site`, `/assets/${p}.js`),
        ]),
      ]),
    );
    const manifest = { entry: router.entry, routes: { root: router.routes.root, ...routes } };
    writeFileSync(path.join(dir, "assets/manifest-abc123.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(vite));
    const files = [
      "entry",
      "react",
      "root",
      "chakra",
      "locale",
      "site",
      "home",
      "blog",
      "article",
      "contact",
      "privacy",
      "demo",
      "not-found",
      "messages-ar",
      "messages-en",
    ];
    for (const f of files)
      writeFileSync(
        path.join(dir, `assets/${f}.js`),
        `export const ${f.replace(/-/g, "_")} = ${JSON.stringify(f.repeat(f === "demo" ? 12_000 : 10))};`,
      );
    writeFileSync(path.join(dir, "assets/chakra-global.css"), "html{color:red}");
    expect(readRouterManifest(dir).routes["en:demo"]?.module).toBe("/assets/demo.js");
    const rows = pageWeights(dir);
    expect(rows).toHaveLength(14);
    const home = rows.find((r) => r.id === "ar:home");
    const demo = rows.find((r) => r.id === "ar:demo");
    expect(home?.jsFiles).toBe(8);
    expect(demo && home && demo.jsBytes > home.jsBytes).toBe(true);
    // brotli, not raw: the repeated demo text compresses far below its 48 KB.
    expect(readFileSync(path.join(dir, "assets/demo.js")).length).toBeGreaterThan(40_000);
    expect(demo?.jsBytes).toBeLessThan(2_000);
  });
});
