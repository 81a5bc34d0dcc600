/**
 * Under the strict Content-Security-Policy (script hashes, no 'unsafe-inline' for scripts) every page
 * still paints first, boots and hydrates, with no violation reported; cached public pages included.
 */
import { type Page, expect, test } from "@playwright/test";
import { waitForHydration, watchConsole } from "./support";

const pages = [
  { path: "/", ready: (p: Page) => p.getByRole("button", { name: "احجز عرضًا تجريبيًا", exact: true }).first(), dialog: true },
  { path: "/en", ready: (p: Page) => p.getByRole("button", { name: "Book a Demo", exact: true }).first(), dialog: true },
  { path: "/en/blog", ready: null, dialog: false },
  { path: "/en/contact", ready: null, dialog: false },
  { path: "/admin/login", ready: null, dialog: false },
];

for (const { path, ready, dialog } of pages) {
  test(`${path}: served with a strict CSP, hydrates with no violation`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      );
    });
    // Twice: the first visit renders, the second is served from the page cache (same policy, same hashes).
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto(path);
      const csp = response!.headers()["content-security-policy"] ?? "";
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      // Booted: the islands loader (public pages) or React Router's client (the blog list, the admin) is running.
      await waitForHydration(page);
      if (ready && dialog) {
        await ready(page).click();
        await expect(page.getByRole("dialog")).toBeVisible({ timeout: 20_000 });
      }
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test("a page cannot be framed by another origin", async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/en`);
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  expect(response.headers()["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
});
