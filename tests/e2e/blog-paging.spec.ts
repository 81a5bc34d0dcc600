/**
 * A blog with more posts than any row cap (1,100 per language here, the API reads at most 1000 rows per request):
 * the list shows 12 per page with real links (also without JavaScript), filters and page live in the
 * URL, counts are true, every page has its own canonical address and rel=prev/next; the sitemap lists
 * every post and the REST list answers past its cap the way PostgREST does.
 */
import { type Page, expect, test } from "@playwright/test";
import { anonClient, expectNoAxeViolations, keyFor, serviceClient, watchConsole } from "./support";

const run = Date.now().toString(36);
const token = `pg${run}`;
const N = 1100;
const pad = (i: number) => String(i).padStart(4, "0");
const slugOf = (i: number) => `${token}-${pad(i)}`;
const titleOf = (i: number) => `${token} post ${pad(i)}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const service = serviceClient();
  // Older than every other post, newest first by index: post 0000 leads page 1 of the search.
  const base = Date.parse("2019-06-01T00:00:00Z");
  // The same 1,100 posts in each language (each blog lists its own).
  const rows = (["en", "ar"] as const).flatMap((language) =>
    Array.from({ length: N }, (_, i) => ({
      language,
      slug: slugOf(i),
      title: titleOf(i),
      excerpt: `Excerpt ${pad(i)}`,
      content: "<p>Body</p>",
      category: "Sales",
      country: i % 2 === 0 ? "UAE" : "Canada",
      read_time: "2 min read",
      is_popular: i % 10 === 0,
      published: true,
      created_at: new Date(base - i * 60_000).toISOString(),
      published_at: new Date(base - i * 60_000).toISOString(),
    })),
  );
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await service.from("blog_posts").insert(rows.slice(i, i + 500));
    if (error) throw error;
  }
});

test.afterAll(async () => {
  await serviceClient().from("blog_posts").delete().like("slug", `${token}-%`);
});

/** The cards' titles, as a locator: `toHaveText([...])` waits until a navigation has replaced them. */
const cardHeadings = (page: Page) => page.getByRole("article").getByRole("heading");

test("12 posts per page, real next/previous links, true count; a search is noindex with the plain list as canonical", async ({
  page,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await page.goto(`/en/blog?q=${token}`);
  await expect(page.getByRole("article")).toHaveCount(12);
  await expect(cardHeadings(page)).toHaveText(Array.from({ length: 12 }, (_, i) => titleOf(i)));
  const nav = page.getByRole("navigation", { name: "Blog pages" });
  await expect(nav).toContainText("Articles 1–12 of 1,100");
  await expect(nav.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Page 92" })).toHaveAttribute("href", `/en/blog?q=${token}&page=92`);
  await expect(nav.getByRole("link", { name: /Previous/ })).toHaveCount(0);
  // A search result is not a page of its own: noindex (its links followed), canonical to the plain list.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/blog`);
  await expect(page.locator('link[rel="next"], link[rel="prev"], link[hreflang]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await nav.getByRole("link", { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`/en/blog\\?q=${token}&page=2$`));
  await expect(page.getByRole("article")).toHaveCount(12);
  await expect(cardHeadings(page)).toHaveText(Array.from({ length: 12 }, (_, i) => titleOf(12 + i)));
  await expect(nav).toContainText("Articles 13–24 of 1,100");
  await expect(page).toHaveTitle(/Real-estate sales insights, page 2/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/blog`);

  // The last page: the remaining 8 posts, no next.
  await nav.getByRole("link", { name: "Page 92" }).click();
  await expect(page).toHaveURL(new RegExp(`page=92$`));
  await expect(page.getByRole("article")).toHaveCount(8);
  await expect(cardHeadings(page)).toHaveText(Array.from({ length: 8 }, (_, i) => titleOf(1092 + i)));
  await expect(nav.getByRole("link", { name: /Next/ })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("the plain list: each page its own canonical, rel prev/next, the page number in the title; the other language's link goes to a page that exists", async ({
  page,
  baseURL,
}) => {
  await page.goto("/en/blog?page=2");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Real-estate sales insights, page 2 \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/blog?page=2`);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", `${baseURL}/en/blog`);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", `${baseURL}/en/blog?page=3`);
  // The Arabic blog may have fewer pages: its alternate (and the language toggle) is its first page.
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", `${baseURL}/blog`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/en/blog?page=2`);
  await expect(page.locator('nav a[hreflang="ar"]')).toHaveAttribute("href", "/blog");
  // Page 1 pairs with the other language's page 1, as every fixed page does.
  await page.goto("/blog");
  await expect(page).toHaveTitle(/^رؤى في مبيعات العقارات \| /);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/en/blog`);
  await page.goto("/blog?page=3");
  await expect(page).toHaveTitle(/^رؤى في مبيعات العقارات، الصفحة 3 \| /);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${baseURL}/en/blog`);
  // A filtered list (country, Most Popular) is not indexed either.
  await page.goto("/en/blog?country=UAE");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/en/blog`);
});

test("filters and page share the URL, applied on the server with true counts", async ({ page }) => {
  await page.goto(`/en/blog?q=${token}&filter=popular&country=UAE&page=2`);
  // popular (every 10th) and UAE (every 2nd): 110 posts, 10 pages
  const nav = page.getByRole("navigation", { name: "Blog pages" });
  await expect(nav).toContainText("Articles 13–24 of 110");
  await expect(cardHeadings(page)).toHaveText(Array.from({ length: 12 }, (_, i) => titleOf((12 + i) * 10)));
  await expect(nav.getByRole("link", { name: /Next/ })).toHaveAttribute("href", `/en/blog?q=${token}&filter=popular&country=UAE&page=3`);
  // Changing a filter starts again at page 1.
  await page.getByRole("group", { name: "Country" }).getByRole("link", { name: "Canada" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}&filter=popular&country=Canada$`));
  await expect(page.getByText("No articles found matching your search criteria.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);
});

test("page numbers: invalid ones and page 1 redirect to the plain address, past the end to the last page", async ({ request }) => {
  for (const bad of ["abc", "0", "-2", "1.5", "1"]) {
    const res = await request.get(`/en/blog?q=${token}&page=${bad}`, { maxRedirects: 0 });
    expect(res.status(), bad).toBe(301);
    expect(res.headers().location).toBe(`/en/blog?q=${token}`);
  }
  const past = await request.get(`/en/blog?q=${token}&page=500`, { maxRedirects: 0 });
  expect(past.status()).toBe(302);
  expect(past.headers().location).toBe(`/en/blog?q=${token}&page=92`);
  const none = await request.get(`/blog?q=${token}-none&page=3`, { maxRedirects: 0 });
  expect(none.status()).toBe(302);
  expect(none.headers().location).toBe(`/blog?q=${token}-none`);
});

test("without JavaScript the Arabic pages are plain links, right to left", async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`/blog?q=${token}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const nav = page.getByRole("navigation", { name: "صفحات المدونة" });
  await expect(nav).toContainText("المقالات 1–12 من أصل 1,100");
  await nav.getByRole("link", { name: /التالي/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${token}&page=2$`));
  await expect(page.getByRole("article")).toHaveCount(12);
  await expect(page.getByRole("navigation", { name: "صفحات المدونة" }).getByRole("link", { name: "الصفحة 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await ctx.close();
});

test("the Arabic pagination passes axe", async ({ page }) => {
  await page.goto(`/blog?q=${token}&page=2`);
  await expect(page.getByRole("navigation", { name: "صفحات المدونة" })).toContainText("المقالات 13–24 من أصل 1,100");
  await expectNoAxeViolations(page);
});

test("the sitemap lists every published post once, under its own language, past the API's row cap", async ({ request, baseURL }) => {
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const ours = locs.filter((l) => l.includes(`/blog/${token}-`));
  expect(ours).toHaveLength(2 * N);
  expect(ours).toContain(`${baseURL}/blog/${slugOf(N - 1)}`);
  expect(ours).toContain(`${baseURL}/en/blog/${slugOf(0)}`);
  // Every post visitors can see (not drafts, not scheduled ones), once.
  const visible = await anonClient().from("blog_posts").select("id", { count: "exact", head: true });
  expect(locs.filter((l) => /\/blog\/[^/]+$/.test(l))).toHaveLength(visible.count!);
  expect((await request.get("/sitemaps/1.xml")).status()).toBe(404);
});

test("the REST list answers past its row cap the way PostgREST does", async ({ request }) => {
  const headers = { apikey: keyFor("anon"), Authorization: `Bearer ${keyFor("anon")}` };
  const capped = await request.get(`/rest/v1/blog_posts?select=slug&slug=like.${token}-*&language=eq.en&order=slug`, { headers });
  expect(capped.status()).toBe(200);
  expect(capped.headers()["content-range"]).toBe("0-999/*");
  expect(((await capped.json()) as unknown[]).length).toBe(1000);
  const counted = await request.get(`/rest/v1/blog_posts?select=slug&slug=like.${token}-*&language=eq.en&order=slug`, {
    headers: { ...headers, Prefer: "count=exact" },
  });
  expect(counted.status()).toBe(206);
  expect(counted.headers()["content-range"]).toBe(`0-999/${N}`);
  const rest = await request.get(`/rest/v1/blog_posts?select=slug&slug=like.${token}-*&language=eq.en&order=slug&offset=1000`, {
    headers: { ...headers, Prefer: "count=exact" },
  });
  expect(rest.status()).toBe(206);
  expect(rest.headers()["content-range"]).toBe(`1000-1099/${N}`);
});
