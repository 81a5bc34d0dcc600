/**
 * Public pages paint before any script is requested, then hydrate without touching the server's
 * styles (no stylesheet moved or re-inserted, which would restyle the whole page on a phone).
 */
import { expect, test } from "@playwright/test";
import { watchConsole } from "./support";

const pages = [
  { path: "/", book: "احجز عرضًا تجريبيًا" },
  { path: "/en", book: "Book a Demo" },
];

for (const { path, book } of pages) {
  test(`${path}: first paint comes before the scripts, hydration keeps the server's styles`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __removedStyles: string[] };
      w.__removedStyles = [];
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.removedNodes) if (n.nodeName === "STYLE") w.__removedStyles.push((n as Element).outerHTML.slice(0, 60));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);

    // Hydrated: the hero's button opens the booking dialog.
    const dialog = page.getByRole("dialog");
    // One click, whenever it lands: before hydration the boot script holds it and clicks again once the
    // page is hydrated (src/app/deferred-boot.ts), so a tap on a slow phone is never lost.
    await page.getByRole("button", { name: book, exact: true }).first().click();
    await expect(dialog).toBeVisible({ timeout: 20_000 });

    const seen = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname.endsWith(".js"))
        .map((e) => e.startTime);
      return {
        fcp,
        scripts: scripts.length,
        firstScript: Math.min(...scripts),
        removedStyles: (window as unknown as { __removedStyles: string[] }).__removedStyles,
        preloadsInMarkup: document.querySelectorAll('link[rel="modulepreload"]').length,
        sharedStylesheet: document.querySelectorAll('link[rel="stylesheet"][data-ssr-global]').length,
        serverCss: document.querySelectorAll("style[data-ssr-css]").length,
        emotionServerTags: document.querySelectorAll('style[data-emotion^="css "], style[data-emotion^="css-global "]').length,
      };
    });
    expect(seen.fcp).not.toBeNull();
    expect(seen.scripts).toBeGreaterThan(10);
    expect(seen.firstScript).toBeGreaterThanOrEqual(seen.fcp ?? Infinity);
    // The boot script adds the preloads back, so the modules still load in parallel.
    expect(seen.preloadsInMarkup).toBeGreaterThan(10);
    expect(seen.removedStyles).toEqual([]);
    expect(seen).toMatchObject({ sharedStylesheet: 1, serverCss: 1, emotionServerTags: 0 });
    // Chakra's tokens come from the shared stylesheet (src/app/shared.css), not from a second copy inserted at hydration.
    const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ck-colors-brand-solid"));
    expect(brand.trim()).not.toBe("");
    expect(problems).toEqual([]);
  });
}

test("the served document has no module script: the boot script starts the islands loader", async ({ request }) => {
  const html = await (await request.get("/en")).text();
  expect(html).not.toMatch(/<link rel="modulepreload"/);
  expect(html).not.toMatch(/<script type="module"/);
  const boot = /<script id="boot-after-paint">([^<]+)<\/script>/.exec(html)?.[1] ?? "";
  expect(boot).toMatch(/\("\/assets\/entry-[\w-]+\.js",\["\/assets\/[^"]+\.js"/);
});
