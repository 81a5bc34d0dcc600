/**
 * The public blog end to end, against the production build: an administrator creates an English post and
 * its Arabic translation through supabase-js; each appears on its own language's list, is found by search
 * and the filters (URL query), renders its allowed tags, and disappears (list and 404) when unpublished.
 * Drafts are never public.
 */
import { expect, test } from "@playwright/test";
import { adminClient, expectNoAxeViolations, watchConsole } from "./support";

const run = Date.now().toString(36);
const token = `zephyr${run}`;
const slug = `e2e-post-${run}`;
const title = `The ${token} guide to Dubai Marina follow-up`;
const draftSlug = `e2e-draft-${run}`;
const arSlug = `دليل-${run}`;
const arTitle = `دليل ${token} لمتابعة عملاء دبي مارينا`;
const heroAlt = `The Wasla mark for ${token}`;
const content = [
  "<h2>Why speed matters</h2>",
  "<p>Answer <strong>every</strong> lead in <em>seconds</em>.</p>",
  "<ul><li>WhatsApp</li><li>Email</li></ul>",
  '<p><a href="https://www.example.org/report">Read the report</a> or <a href="/contact">contact us</a>.</p>',
  '<p onclick="window.__xssHit(1)">Safe text</p><script>window.__xssHit(2)</script>',
  '<img src="/favicon.svg" alt="Logo in the article" width="64" height="64">',
].join("");

let postId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const admin = await adminClient();
  const { data, error } = await admin
    .from("blog_posts")
    .insert({
      slug,
      title,
      excerpt: `Excerpt for ${token}: how Gulf teams answer portal leads.`,
      content,
      category: "Real Estate",
      country: "UAE",
      read_time: "3 min read",
      is_popular: true,
      published: true,
      hero_image_url: "/favicon.svg",
      hero_image_alt: heroAlt,
      language: "en",
    })
    .select("id,translation_group")
    .single();
  if (error) throw error;
  postId = data.id as string;
  const translation = await admin.from("blog_posts").insert({
    slug: arSlug,
    title: arTitle,
    excerpt: `ملخص ${token}: كيف ترد الفرق الخليجية على عملاء البوابات العقارية.`,
    content: "<p>الرد على كل عميل خلال ثوانٍ.</p>",
    category: "Real Estate",
    country: "UAE",
    read_time: "3 دقائق قراءة",
    is_popular: true,
    published: true,
    language: "ar",
    translation_group: data.translation_group as string,
  });
  if (translation.error) throw translation.error;
  const draft = await admin.from("blog_posts").insert({
    slug: draftSlug,
    title: `Draft ${token}`,
    excerpt: "Not yet",
    content: "<p>Draft</p>",
    category: "Sales",
    country: "Canada",
    read_time: "1 min read",
    published: false,
  });
  if (draft.error) throw draft.error;
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [slug, draftSlug, arSlug]);
});

test("each language's list shows its own post: the English one in English, its translation in Arabic", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/en/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Real-estate sales insights");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Popular", { exact: true })).toBeVisible();
  await expect(card.getByText("Real Estate")).toBeVisible();
  await expect(card.getByText("3 min read")).toBeVisible();
  await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByRole("article").filter({ hasText: arTitle })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto("/blog");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const arCard = page.getByRole("article").filter({ hasText: arTitle });
  await expect(arCard).toBeVisible();
  await expect(arCard.getByText("شائع")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test("search finds it (typing, and from a shared link without JavaScript)", async ({ page, browser }) => {
  await page.goto("/en/blog");
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.fill(token.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${token.toUpperCase()}`));
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText(title);

  await search.fill(`${token}-nothing-matches`);
  await search.press("Enter");
  await expect(page.getByText("No articles found matching your search criteria.")).toBeVisible();

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const p2 = await noJs.newPage();
  await p2.goto(`/en/blog?q=${token}`);
  await expect(p2.getByRole("article")).toHaveCount(1);
  await expect(p2.getByRole("searchbox")).toHaveValue(token);
  // The no-JS form submits as a normal GET and keeps the filters.
  await p2.goto(`/en/blog?filter=popular&country=UAE`);
  await p2.getByRole("searchbox").fill(token);
  await p2.getByRole("button", { name: "Search", exact: true }).click();
  await expect(p2).toHaveURL(new RegExp(`filter=popular.*country=UAE.*q=${token}|q=${token}.*filter=popular`));
  await expect(p2.getByRole("article")).toHaveCount(1);
  await noJs.close();
});

test("filters: Most Popular and country chips live in the URL", async ({ page }) => {
  await page.goto("/en/blog");
  const sort = page.getByRole("group", { name: "Sort and filter" });
  const country = page.getByRole("group", { name: "Country" });
  await expect(sort.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "true");

  await sort.getByRole("link", { name: "Most Popular" }).click();
  await expect(page).toHaveURL(/filter=popular/);
  await expect(sort.getByRole("link", { name: "Most Popular" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  // Every card shown is popular.
  const cards = page.getByRole("article");
  const n = await cards.count();
  for (let i = 0; i < n; i++) await expect(cards.nth(i).getByText("Popular", { exact: true })).toBeVisible();

  await country.getByRole("link", { name: "Canada" }).click();
  await expect(page).toHaveURL(/filter=popular.*country=Canada|country=Canada.*filter=popular/);
  await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);

  await country.getByRole("link", { name: "UAE" }).click();
  await expect(page).toHaveURL(/country=UAE/);
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  await expect(country.getByRole("link", { name: "UAE" })).toHaveAttribute("aria-current", "true");
  await expectNoAxeViolations(page);
});

test("the article renders its allowed tags, safely", async ({ page }) => {
  const problems = watchConsole(page);
  const hits: string[] = [];
  await page.exposeFunction("__xssHit", (n: number) => hits.push(String(n)));
  await page.goto("/en/blog");
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/en/blog/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const body = page.locator(".article-content");
  await expect(body.getByRole("heading", { level: 2, name: "Why speed matters" })).toBeVisible();
  await expect(body.locator("strong")).toHaveText("every");
  await expect(body.locator("em")).toHaveText("seconds");
  await expect(body.locator("li")).toHaveCount(2);
  const external = body.getByRole("link", { name: "Read the report" });
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer nofollow");
  const internal = body.getByRole("link", { name: "contact us" });
  await expect(internal).not.toHaveAttribute("target", /.+/);
  await expect(body.locator("script")).toHaveCount(0);
  await expect(body.locator("[onclick]")).toHaveCount(0);
  await expect(body.getByRole("img", { name: "Logo in the article" })).toHaveAttribute("loading", "lazy");
  const hero = page.locator("article img[fetchpriority=high]");
  await expect(hero).toHaveAttribute("width", "1200");
  await expect(page.getByRole("heading", { level: 2, name: /UAE property lead/ })).toBeVisible();
  await body.getByText("Safe text").click();
  expect(hits).toEqual([]);
  // The booking form under the article (its own chunk) hydrates: submitting it empty validates in place.
  const booking = page.locator("section[aria-labelledby=article-booking-title]");
  await expect(booking.getByRole("heading", { level: 2 })).toContainText("UAE property lead");
  await page.waitForLoadState("networkidle"); // its chunk has arrived
  await booking.getByRole("button", { name: "Schedule my demo" }).click();
  await expect(booking.getByText("Full name is required")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/en/blog/${slug}$`));
  await expect(page.getByRole("img", { name: heroAlt })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/blog/${arSlug}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(arTitle);
  await expect(page.getByRole("link", { name: "العودة إلى المدونة" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test("without JavaScript the article's HTML carries title, og tags and JSON-LD", async ({ request, baseURL }) => {
  const res = await request.get(`/en/blog/${slug}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${title} | `);
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="${title} \\| [^"]+"`));
  expect(html).toContain(`<meta property="og:image" content="${baseURL}/favicon.svg"`);
  expect(html).toContain(`<meta property="og:image:alt" content="${heroAlt}"`);
  expect(html).toContain('<meta property="og:type" content="article"');
  expect(html).toContain('<meta property="og:locale" content="en_US"');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/en/blog/${slug}"`);
  // hreflang names the Arabic translation, not the same slug under /.
  const arHref = `${baseURL}/blog/${encodeURIComponent(arSlug)}`;
  expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="ar" href="${arHref}"`, "i"));
  expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="x-default" href="${arHref}"`, "i"));
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
  const posting = ld.find((x) => x["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: title,
    inLanguage: "en",
    image: [`${baseURL}/favicon.svg`],
    url: `${baseURL}/en/blog/${slug}`,
    articleSection: "Real Estate",
  });
  expect(ld.some((x) => x["@type"] === "Organization")).toBe(true);
  // The Arabic translation names its section in Arabic (the stored category is English).
  const arHtml = await (await request.get(`/blog/${encodeURIComponent(arSlug)}`)).text();
  const arLd = [...arHtml.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
  expect(arLd.find((x) => x["@type"] === "BlogPosting")).toMatchObject({ inLanguage: "ar", articleSection: "العقارات" });
  expect(arHtml).toContain('<meta property="article:section" content="العقارات"');
  expect(html).toContain("Why speed matters");
  expect(html).not.toContain("__xssHit(2)");
});

test("drafts and unknown slugs are 404 'Article Not Found'", async ({ page, request }) => {
  for (const path of [`/blog/${draftSlug}`, `/en/blog/${draftSlug}`, "/en/blog/no-such-article"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain("noindex");
  }
  const res = await page.goto(`/en/blog/${draftSlug}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
  await expect(page.getByText("The article you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expect(page.getByRole("article").filter({ hasText: `Draft ${token}` })).toHaveCount(0);
  await page.goto(`/blog/${draftSlug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المقال غير موجود");
  await expectNoAxeViolations(page);
});

test("sitemap, robots and RSS list published posts only", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const arLoc = `${baseURL}/blog/${encodeURIComponent(arSlug)}`;
  // Each post once, under its own language, with its translation as the alternate.
  expect(sitemap).toContain(`<loc>${baseURL}/en/blog/${slug}</loc>`);
  expect(sitemap).toContain(`<loc>${arLoc}</loc>`);
  expect(sitemap).not.toContain(`<loc>${baseURL}/blog/${slug}</loc>`);
  expect(sitemap).toMatch(new RegExp(`<loc>${baseURL}/en/blog/${slug}</loc>\\s*<lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  expect(sitemap).toContain(`hreflang="x-default" href="${arLoc}"`);
  expect(sitemap).not.toContain(draftSlug);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /en/admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // One feed per language, each with its own posts.
  const rss = await request.get("/en/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  const feed = await rss.text();
  expect(feed).toContain("<language>en</language>");
  expect(feed).toContain(`<title>${title}</title>`);
  expect(feed).toContain(`<link>${baseURL}/en/blog/${slug}</link>`);
  expect(feed).toContain(`<atom:link href="${baseURL}/en/rss.xml"`);
  expect(feed).not.toContain(arTitle);
  expect(feed).not.toContain(draftSlug);
  expect(feed).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
  // The full body, sanitised as on the article (escaped HTML), with absolute addresses.
  const item = feed.slice(feed.indexOf(`<title>${title}</title>`));
  const encoded = /<content:encoded>(.*?)<\/content:encoded>/s.exec(item)![1]!;
  expect(encoded).toContain("&lt;h2&gt;Why speed matters&lt;/h2&gt;");
  expect(encoded).toContain("&lt;strong&gt;every&lt;/strong&gt;");
  expect(encoded).toContain(`href=&quot;${baseURL}/contact&quot;`);
  expect(encoded).toContain(`src=&quot;${baseURL}/favicon.svg&quot;`);
  expect(encoded).toContain("rel=&quot;noopener noreferrer nofollow&quot;");
  expect(encoded).not.toMatch(/script|onclick|__xssHit/);
  expect(item).toContain("<category>Real Estate</category>");
  const arFeed = await (await request.get("/rss.xml")).text();
  expect(arFeed).toContain("<language>ar</language>");
  expect(arFeed).toContain(`<title>${arTitle}</title>`);
  expect(arFeed).toContain(`<link>${baseURL}/blog/${encodeURIComponent(arSlug)}</link>`);
  expect(arFeed).not.toContain(`<title>${title}</title>`);
  // Categories in the feed's language; the body in full.
  const arItem = arFeed.slice(arFeed.indexOf(`<title>${arTitle}</title>`));
  expect(arItem).toMatch(/^[^]*?<category>العقارات<\/category>/);
  expect(arItem).toMatch(/^[^]*?<content:encoded>&lt;p&gt;الرد على كل عميل خلال ثوانٍ.&lt;\/p&gt;<\/content:encoded>/);
  // The old address of the English feed.
  const old = await request.get("/rss.xml?lang=en", { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe("/en/rss.xml");
});

test("unpublishing removes it from the list, the article and the sitemap", async ({ page, request }) => {
  const admin = await adminClient();
  const { error } = await admin.from("blog_posts").update({ published: false }).eq("id", postId);
  expect(error).toBeNull();
  await page.goto(`/en/blog?q=${token}`);
  await expect(page.getByText("No articles found matching your search criteria.")).toBeVisible();
  await page.goto("/en/blog");
  await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  expect((await request.get(`/en/blog/${slug}`)).status()).toBe(404);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(slug);
});
