/**
 * An admin screen that fails while rendering shows the error and a retry inside the admin chrome, in
 * the admin's language; navigation and Sign Out stay usable. (A screen whose code cannot be downloaded
 * is React Router's job: it reloads the page.)
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations } from "./support";

const cases = [
  {
    locale: "en",
    home: "/en/admin",
    nav: "Administration",
    leads: "Leads",
    failed: "This page could not be loaded",
    retry: "Try again",
    signOut: "Sign Out",
  },
  {
    locale: "ar",
    home: "/admin",
    nav: "الإدارة",
    leads: "العملاء المحتملون",
    failed: "تعذّر تحميل هذه الصفحة",
    retry: "حاول مرة أخرى",
    signOut: "تسجيل الخروج",
  },
] as const;

for (const c of cases) {
  test(`a screen that fails keeps the admin chrome and offers a retry (${c.locale})`, async ({ page }) => {
    await signIn(page);
    await page.goto(c.home);
    const nav = page.getByRole("navigation", { name: c.nav });
    await expect(nav).toBeVisible();
    let fail = true;
    // The leads screen's route module is fetched on navigation: serve one whose screen throws.
    await page.route(/\/assets\/admin-leads-[^/]+\.js$/, (route) =>
      fail
        ? route.fulfill({
            contentType: "text/javascript",
            body: "export default function Broken() { throw new Error('Simulated render failure'); }",
          })
        : route.continue(),
    );
    await nav.getByRole("link", { name: c.leads }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.failed })).toBeVisible();
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: c.signOut })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", c.locale === "ar" ? "rtl" : "ltr");
    await expectNoAxeViolations(page);

    fail = false;
    await page.getByRole("button", { name: c.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.failed })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: c.leads })).toHaveAttribute("aria-current", "page");
  });
}
