/**
 * Error states inside the layout: when a page's data request fails during client navigation (a
 * flaky phone connection), the page shows the error and a retry between the normal navigation bar
 * and footer, in the visitor's language; the retry loads the page once the connection is back.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./support";

const cases = [
  {
    locale: "en",
    // The blog list hydrates as a whole (public pages in islands mode have no client navigation): start on a filtered list.
    start: "/en/blog?filter=popular",
    blogLink: "Blog",
    failed: "Failed to load blog posts",
    later: "Please try again later.",
    retry: "Try again",
    blogTitle: "Real-estate sales insights",
  },
  {
    locale: "ar",
    start: "/blog?filter=popular",
    blogLink: "المدونة",
    failed: "تعذّر تحميل المقالات",
    later: "يُرجى المحاولة مرة أخرى لاحقًا.",
    retry: "حاول مرة أخرى",
    blogTitle: null,
  },
] as const;

for (const c of cases) {
  test(`a failed blog request during navigation keeps the layout and offers a retry (${c.locale})`, async ({ page }) => {
    await page.goto(c.start);
    await waitForHydration(page);
    let fail = true;
    await page.route(/\/blog\.data(\?|$)/, (route) => (fail ? route.abort("internetdisconnected") : route.continue()));
    const footer = page.getByRole("contentinfo");
    await expect(async () => {
      await footer.getByRole("link", { name: c.blogLink, exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: c.failed })).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByText(c.later)).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(footer).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", c.locale === "ar" ? "rtl" : "ltr");
    await expectNoAxeViolations(page);

    fail = false;
    await page.getByRole("button", { name: c.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.failed })).toHaveCount(0);
    if (c.blogTitle) await expect(page.getByRole("heading", { level: 1, name: c.blogTitle })).toBeVisible();
    await expect(page.getByRole("search").or(page.locator('form[role="search"], input[type="search"]')).first()).toBeVisible();
  });
}

test("a failed article request keeps the layout too", async ({ page }) => {
  await page.goto("/en/blog");
  await waitForHydration(page);
  const first = page.locator('article a[href^="/en/blog/"]').first();
  test.skip((await first.count()) === 0, "no published post to open");
  await page.route(/\/en\/blog\/[^/]+\.data(\?|$)/, (route) => route.abort("internetdisconnected"));
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: "Failed to load the article" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});
