/**
 * What a public page makes the browser download before it is interactive, read from the production
 * build's manifests (bytes are stable; times are not): the client entry, every route module on the
 * page's route chain with their static imports, the page's language catalog, and their CSS. Sizes are
 * brotli (quality 11, what a CDN or `compression` serves at best), per file, summed.
 *
 * The CSS files include the stylesheets the root route links (Chakra's global styles,
 * src/app/shared.css). The CSS inlined into each page's HTML (the page's own
 * Emotion styles and the fallback faces) is read from the pages the production server renders
 * (`inlineCssWeights`).
 *
 * Used by `npm run bench` (printed beside Lighthouse) and by `scripts/page-budget.mjs` (the size
 * budget check in `npm test`).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/** Every public page, in both languages, by its leaf route id (src/app/routes.ts). */
const PUBLIC_PAGES = ["home", "blog", "article", "contact", "privacy", "demo", "not-found"];
const LOCALES = ["ar", "en"];

/** React Router's browser manifest (`window.__reactRouterManifest=…` in assets/manifest-*.js). */
export function readRouterManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}: build first (npx react-router build)`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** Vite's manifest (build.manifest in vite.config.ts): used for the language catalogs' chunks. */
function readViteManifest(clientDir) {
  const file = path.join(clientDir, ".vite/manifest.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

/** Root first, leaf last. */
export function routeChain(routerManifest, leafId) {
  const chain = [];
  for (let id = leafId; id; id = routerManifest.routes[id]?.parentId) {
    const route = routerManifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    chain.unshift(route);
  }
  return chain;
}

/** The JS and CSS files (public paths, "/assets/…") a first visit to this route loads before it is interactive, when it hydrates as a whole. */
export function initialFiles(routerManifest, viteManifest, leafId, locale) {
  const js = new Set();
  const css = new Set();
  const add = (entry) => {
    if (!entry) return;
    if (entry.module) js.add(entry.module);
    for (const f of entry.imports ?? []) js.add(f);
    for (const f of entry.css ?? []) css.add(f);
  };
  add(routerManifest.entry);
  for (const route of routeChain(routerManifest, leafId)) add(route);
  addSharedCss(viteManifest, css);
  const catalog = catalogChunk(viteManifest, locale);
  if (catalog) {
    js.add(`/${catalog.file}`);
    for (const f of catalog.css ?? []) css.add(`/${f}`);
  }
  return { js: [...js], css: [...css] };
}

/** Stylesheets the root route imports with `?url` and links itself (they are not in React Router's manifest). */
function addSharedCss(viteManifest, css) {
  const root = Object.entries(viteManifest).find(([src]) => /(^|\/)src\/app\/root\.tsx/.test(src))?.[1];
  for (const f of root?.assets ?? []) if (f.endsWith(".css")) css.add(`/${f}`);
}

const catalogChunk = (viteManifest, locale) =>
  Object.entries(viteManifest).find(([src]) => src.endsWith(`locales/${locale}/messages.po?scope=public`))?.[1];

/** A chunk of Vite's manifest and everything it imports statically, as public paths. */
function chunkClosure(viteManifest, key, into = new Set()) {
  const chunk = viteManifest[key];
  if (!chunk || into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  for (const k of chunk.imports ?? []) chunkClosure(viteManifest, k, into);
  return into;
}

/** Island name → the manifest key of its module, read from src/app/islands/registry.ts. */
function islandModules(viteManifest, sourceRoot) {
  const text = readFileSync(path.join(sourceRoot, "src/app/islands/registry.ts"), "utf8");
  const modules = new Map();
  for (const m of text.matchAll(/^\s*"?([\w-]+)"?: \(\) => import\("([^"]+)"\)/gm)) {
    const spec = m[2].startsWith("@/") ? `src/${m[2].slice(2)}` : path.posix.join("src/app/islands", m[2]);
    const key = [".tsx", ".ts"].map((ext) => spec + ext).find((k) => viteManifest[k]);
    if (!key) throw new Error(`island ${m[1]}: ${spec} is not in the client build`);
    modules.set(m[1], key);
  }
  return modules;
}

/**
 * The JS of a page in islands mode (src/app/islands/README.md): `initial` is what the page itself loads
 * (the islands loader and its imports); `islands` is what hydrating every island on it loads besides
 * (React, the design system, the language catalog, each island's code), fetched only when an island is
 * needed (visible, idle or touched).
 */
function islandFiles(viteManifest, sourceRoot, { names: islandNames, liveSearch }, locale) {
  const initial = chunkClosure(viteManifest, "src/app/islands/entry.ts");
  // The blog's search as you type: loaded at once on a page with a live search form.
  if (liveSearch) chunkClosure(viteManifest, "src/app/islands/live-search.ts", initial);
  const more = chunkClosure(viteManifest, "src/app/islands/runtime.tsx");
  const modules = islandModules(viteManifest, sourceRoot);
  for (const name of islandNames) chunkClosure(viteManifest, modules.get(name), more);
  const catalog = catalogChunk(viteManifest, locale);
  if (catalog) more.add(`/${catalog.file}`);
  const css = new Set();
  addSharedCss(viteManifest, css);
  return { js: [...initial], islands: [...more].filter((f) => !initial.has(f)), css: [...css] };
}

/** What a rendered page says about how it hydrates: in islands mode, the names of its islands and whether it has a live search form; null when it hydrates as a whole. */
function pageIslands(html) {
  if (!html.includes('id="island-config"')) return null;
  return {
    names: [...new Set([...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]))],
    liveSearch: html.includes("data-live-search"),
  };
}

const sizes = new Map();
/** Brotli bytes of one built file. */
function brotliBytes(clientDir, publicPath) {
  const file = path.join(clientDir, publicPath);
  let n = sizes.get(file);
  if (n === undefined) {
    n = brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.set(file, n);
  }
  return n;
}

/**
 * Per public page and language: files and brotli bytes of initial JS and CSS, and for a page in islands
 * mode the JS its islands load on demand. `pages` maps page ids to their rendered HTML (to tell islands
 * mode and which islands a page has); a page without HTML is counted as hydrating as a whole.
 */
export function pageWeights(clientDir, pages = new Map(), sourceRoot = path.resolve(clientDir, "../..")) {
  const router = readRouterManifest(clientDir);
  const vite = readViteManifest(clientDir);
  const rows = [];
  const sum = (files) => files.reduce((n, f) => n + brotliBytes(clientDir, f), 0);
  for (const locale of LOCALES) {
    for (const page of PUBLIC_PAGES) {
      const id = `${locale}:${page}`;
      const html = pages.get(id);
      const islands = html ? pageIslands(html) : null;
      const files = islands ? islandFiles(vite, sourceRoot, islands, locale) : { ...initialFiles(router, vite, id, locale), islands: [] };
      rows.push({
        id,
        mode: islands ? "islands" : "whole",
        jsFiles: files.js.length,
        jsBytes: sum(files.js),
        islandJsFiles: files.islands.length,
        islandJsBytes: sum(files.islands),
        cssFiles: files.css.length,
        cssBytes: sum(files.css),
      });
    }
  }
  return rows;
}

/** Bytes of CSS inlined in an HTML document (every `<style>` element's text). */
export function inlineCssBytes(html) {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
}

/**
 * The public pages' paths on a running server, by id ("ar:home" → "/"); the article is the first one
 * per language in the sitemap (none when the database has no published post).
 */
async function publicPagePaths(base) {
  const locs = [];
  const read = async (url) => [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const loc of await read(`${base}/sitemap.xml`)) {
    if (loc.endsWith(".xml")) locs.push(...(await read(base + loc)));
    else locs.push(loc);
  }
  const paths = {};
  for (const locale of LOCALES) {
    const pre = locale === "ar" ? "" : "/en";
    const article = locs.find((l) => (locale === "ar" ? /^\/blog\/./.test(l) : /^\/en\/blog\/./.test(l)));
    Object.assign(paths, {
      [`${locale}:home`]: pre || "/",
      [`${locale}:blog`]: `${pre}/blog`,
      ...(article ? { [`${locale}:article`]: article } : {}),
      [`${locale}:contact`]: `${pre}/contact`,
      [`${locale}:privacy`]: `${pre}/privacy-policy`,
      [`${locale}:demo`]: `${pre}/demo`,
      [`${locale}:not-found`]: `${pre}/no-such-page`,
    });
  }
  return paths;
}

/** The HTML of every public page rendered by the server at `base`, by page id. */
export async function renderedPages(base) {
  const pages = new Map();
  for (const [id, pagePath] of Object.entries(await publicPagePaths(base))) pages.set(id, await (await fetch(base + pagePath)).text());
  return pages;
}

/**
 * Compares measured weights with budgets ({ "ar:home": { js: bytes, css: bytes }, … }, "*" for a
 * default). Returns one message per page over its budget, and per page that has no budget at all.
 */
export function overBudget(rows, budgets) {
  const problems = [];
  for (const row of rows) {
    const budget = budgets[row.id] ?? budgets[`*:${row.id.split(":")[1]}`] ?? budgets["*"];
    if (!budget) {
      problems.push(`${row.id}: no budget`);
      continue;
    }
    if (row.jsBytes > budget.js) problems.push(`${row.id}: initial JS ${row.jsBytes} B brotli > budget ${budget.js} B`);
    if (row.mode === "islands" && budget.islandJs === undefined) problems.push(`${row.id}: no islands JS budget`);
    else if (row.islandJsBytes > (budget.islandJs ?? 0))
      problems.push(`${row.id}: islands JS ${row.islandJsBytes} B brotli > budget ${budget.islandJs ?? 0} B`);
    if (row.cssBytes > budget.css) problems.push(`${row.id}: CSS files ${row.cssBytes} B brotli > budget ${budget.css} B`);
    if (row.inlineCss === undefined) {
      if (budget.inlineCss !== undefined) problems.push(`${row.id}: inline CSS not measured (no such page rendered)`);
    } else if (budget.inlineCss === undefined) problems.push(`${row.id}: no inline CSS budget`);
    else if (row.inlineCss > budget.inlineCss) problems.push(`${row.id}: inline CSS ${row.inlineCss} B > budget ${budget.inlineCss} B`);
  }
  return problems;
}
