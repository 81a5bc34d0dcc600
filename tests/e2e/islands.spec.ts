/**
 * Public pages hydrate as islands (src/app/islands/README.md): a page loads a small loader and no router;
 * an island's code (React, the design system, the island) loads only when it is needed, and hydrates
 * that island alone, with the markup the server wrote (no mismatch); a tap made while an island is still
 * loading is not lost.
 */
import { type Page, expect, test } from "@playwright/test";
import { holdScripts, waitForHydration, waitForIsland, watchConsole } from "./support";

/** The script files the page has requested so far (paths). */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );

for (const { locale, prefix, subscribe } of [
  { locale: "en", prefix: "/en", subscribe: "Subscribe" },
  { locale: "ar", prefix: "", subscribe: "اشترك" },
] as const) {
  test(`a public page loads only the islands loader; touching an island loads and hydrates it (${locale})`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`${prefix}/privacy-policy`);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const initial = await scripts(page);
    expect(initial.length).toBeLessThanOrEqual(8);
    expect(initial.some((p) => /\/(framework|router|runtime)-/.test(p))).toBe(false);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox").focus();
    await waitForIsland(page, "newsletter");
    await expect(footer.locator("form")).toHaveAttribute("data-ready", "true");
    const after = await scripts(page);
    expect(after.some((p) => /\/framework-/.test(p))).toBe(true);
    // Never the router: links between public pages load the next page.
    expect(after.some((p) => /\/router-/.test(p))).toBe(false);
    await expect(footer.getByRole("button", { name: subscribe })).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test("a tap on a control of an island that has not loaded yet is replayed once it has hydrated", async ({ page }) => {
  const problems = watchConsole(page);
  const { release } = await holdScripts(page);
  await page.goto("/en/demo", { waitUntil: "domcontentloaded" });
  // The demo loads when touched: this tap is what loads it, and it lands before anything could run.
  await page.getByRole("button", { name: "Start Now", exact: true }).click();
  await expect(page.locator('[data-island="demo"]')).toHaveAttribute("data-held-click", "");
  release();
  await waitForIsland(page, "demo");
  await expect(page.getByRole("heading", { level: 1, name: "How would you like to try it?" })).toBeVisible();
  expect(problems).toEqual([]);
});
