/**
 * Fonts never delay the first paint (src/app/fonts.ts): a page names only its own language's web face,
 * preloads none, paints in the local fallback faces, fetches its face once the page has loaded, and uses
 * it from the next page on.
 */
import { expect, test } from "@playwright/test";
import { watchConsole } from "./support";

const pages = [
  { path: "/en", locale: "en", own: /inter-latin-wght-normal-[\w-]+\.woff2/, other: /noto-sans-arabic/, family: "Inter Variable" },
  { path: "/", locale: "ar", own: /noto-sans-arabic-core-wght-[\w-]+\.woff2/, other: /inter-latin/, family: "Noto Sans Arabic Variable" },
];

for (const { path, locale, own, other, family } of pages) {
  test(`${path}: only the ${locale} face, fetched after load on a first visit, used from the next page`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<link[^>]+rel="preload"[^>]+as="font"/);
    expect(html).toMatch(own);
    expect(html).not.toMatch(other);
    // The local fallback faces come with the stylesheet every page shares (src/app/shared.css).
    const shared = html.match(/<link rel="stylesheet" href="([^"]+)" data-ssr-global=""/)?.[1];
    expect(shared).toBeTruthy();
    const css = await (await request.get(shared ?? "")).text();
    expect(css).toMatch(/font-family:\s*"?Inter Fallback"?/);
    expect(css).toMatch(/font-family:\s*"?Noto Sans Arabic Fallback"?/);
    expect(css).not.toMatch(/\.woff2/);

    const problems = watchConsole(page);
    await page.goto(path);
    // The face arrives after the load event and the flag says so; it was not applied to this page.
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `wasla-fonts-${locale}`), { timeout: 20_000 }).toBe("1");
    const { fonts, loadEnd, firstPaint } = await page.evaluate(() => ({
      fonts: performance
        .getEntriesByType("resource")
        .filter((e) => /\.woff2$/.test(new URL(e.name).pathname))
        .map((e) => ({ url: e.name, start: e.startTime })),
      loadEnd: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY,
    }));
    expect(fonts.filter((f) => own.test(f.url)).length).toBeGreaterThan(0);
    expect(fonts.filter((f) => other.test(f.url))).toEqual([]);
    expect(fonts.filter((f) => f.start < loadEnd)).toEqual([]);
    // Nor before the first paint (a small page can fire load before it paints): it never races the page's largest paint.
    expect(firstPaint).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(fonts.filter((f) => f.start < firstPaint)).toEqual([]);
    expect(await page.evaluate((name) => [...document.fonts].some((f) => f.family.replace(/"/g, "") === name), family)).toBe(false);

    // Next page: the head script adds the cached face before the body is parsed.
    await page.goto(path === "/" ? "/contact" : "/en/contact");
    expect(
      await page.evaluate((name) => [...document.fonts].filter((f) => f.family.replace(/"/g, "") === name).length, family),
    ).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
}
