/**
 * Public pages hydrate as islands (src/app/islands/README.md): a link between them loads the next page
 * from the server, so no data request can fail half-way through a client-side navigation and leave a
 * page without its data. (The admin area, which navigates on the client, has its own error states:
 * admin-route-errors.spec.ts.) What a public page does fetch in the background is the blog's search as
 * you type: when that fails the page says the search could not be made (never a stale "no articles"),
 * and Enter still searches.
 */
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./support";

const cases = [
  {
    locale: "en",
    prefix: "/en",
    blogLink: "Blog",
    search: "Search articles",
    empty: "No articles found matching your search criteria.",
    failed: "We could not search right now.",
  },
  {
    locale: "ar",
    prefix: "",
    blogLink: "المدونة",
    search: "ابحث في المقالات",
    empty: "لم يتم العثور على مقالات تطابق معايير البحث.",
    failed: "تعذّر البحث الآن.",
  },
] as const;

for (const c of cases) {
  test(`links between public pages load the next page from the server, layout and all (${c.locale})`, async ({ page }) => {
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (/\.data(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search)) dataRequests.push(r.url());
    });
    await page.goto(c.prefix || "/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: c.blogLink, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/blog$`));
    expect(await page.evaluate(() => new URL(performance.getEntriesByType("navigation")[0]!.name).pathname)).toBe(`${c.prefix}/blog`);
    const first = page.locator(`article a[href^="${c.prefix}/blog/"]`).first();
    test.skip((await first.count()) === 0, "no published post to open");
    const href = await first.getAttribute("href");
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    expect(dataRequests).toEqual([]);
  });

  test(`the blog searches as you type; a failed search request says so (no stale results) and Enter still searches (${c.locale})`, async ({
    page,
  }) => {
    await page.goto(`${c.prefix}/blog`);
    const form = page.getByRole("search");
    await expect(form).toHaveAttribute("data-ready", "true");
    const cards = page.getByRole("article");
    const shown = await cards.count();
    test.skip(shown === 0, "no published post to list");
    const search = page.getByRole("searchbox", { name: c.search });
    const nothing = `nothing-matches-${Date.now()}`;

    // The connection drops: typing fetches, the request fails, and the page says the search failed.
    await page.route(/\/blog\?q=/, (route) =>
      route.request().resourceType() === "fetch" ? route.abort("internetdisconnected") : route.continue(),
    );
    const failed = page.waitForEvent("requestfailed", (r) => r.url().includes(`q=${nothing}`));
    await search.fill(nothing);
    await failed;
    await expect(page.getByText(c.failed).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByText(c.empty)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe("");
    await expect(search).toBeFocused();

    // Enter is a normal search: the results page loads.
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${nothing}`));
    await expect(page.getByText(c.empty)).toBeVisible();

    // Back online, typing replaces the results in place: same page, focus kept, address follows.
    await page.unroute(/\/blog\?q=/);
    await expect(form).toHaveAttribute("data-ready", "true");
    const searchAgain = page.getByRole("searchbox", { name: c.search });
    await searchAgain.fill("");
    await expect(cards.first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/blog$`));
    await expect(searchAgain).toBeFocused();
    await expect(page.getByText(c.empty)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
