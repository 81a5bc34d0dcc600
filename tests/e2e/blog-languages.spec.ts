/**
 * Posts per language on the public side, against the production build and its page cache
 * (docs/product.md#blog, #article, #seo): an article lives only under its own language's prefix (301 from
 * the other one), earlier slugs answer 301 to the current one, hreflang pairs only real translations, the
 * language toggle goes to the translation (else the other blog), the landing teaser and the feeds keep to
 * their language, and a scheduled post appears on its own at its publish time.
 */
import { expect, test } from "@playwright/test";
import { adminClient, anonClient, expectNoAxeViolations } from "./support";

const run = Date.now().toString(36);
const en = { slug: `tenancy-${run}`, title: `Tenancy contracts in Dubai, explained (${run})` };
const ar = { slug: `عقود-الإيجار-${run}`, title: `شرح عقود الإيجار في دبي (${run})` };
const solo = { slug: `مقال-منفرد-${run}`, title: `مقال بالعربية فقط (${run})` };
const renamed = { old: `first-name-${run}`, slug: `second-name-${run}`, title: `A post that was renamed (${run})` };
const scheduled = { slug: `scheduled-${run}`, title: `A scheduled post (${run})` };
const enc = encodeURIComponent;

const base = {
  excerpt: "What landlords and tenants agree on, and what the law says.",
  content: "<p>Body of the post.</p>",
  category: "Real Estate",
  country: "UAE",
  read_time: "4 min read",
  published: true,
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const admin = await adminClient();
  const first = await admin
    .from("blog_posts")
    .insert({ ...base, ...en, language: "en" })
    .select("translation_group")
    .single();
  if (first.error) throw first.error;
  // One insert each: a bulk insert sends every key for every row (a missing translation_group would be null).
  for (const row of [
    {
      ...base,
      ...ar,
      language: "ar",
      read_time: "4 دقائق قراءة",
      excerpt: "ما يتفق عليه المالك والمستأجر، وما يقوله القانون.",
      translation_group: first.data.translation_group as string,
    },
    { ...base, ...solo, language: "ar", read_time: "3 دقائق قراءة", excerpt: "مقال لا ترجمة له." },
    { ...base, slug: renamed.old, title: renamed.title, language: "en" },
  ]) {
    const r = await admin.from("blog_posts").insert(row);
    if (r.error) throw r.error;
  }
  const rename = await admin.from("blog_posts").update({ slug: renamed.slug }).eq("slug", renamed.old).eq("language", "en");
  if (rename.error) throw rename.error;
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [en.slug, ar.slug, solo.slug, renamed.slug, scheduled.slug]);
});

test("an article lives only under its own language's prefix: the other prefix answers 301", async ({ request, page }) => {
  const toEnglish = await request.get(`/blog/${en.slug}`, { maxRedirects: 0 });
  expect(toEnglish.status()).toBe(301);
  expect(toEnglish.headers().location).toBe(`/en/blog/${en.slug}`);
  const toArabic = await request.get(`/en/blog/${enc(ar.slug)}`, { maxRedirects: 0 });
  expect(toArabic.status()).toBe(301);
  expect(toArabic.headers().location).toBe(`/blog/${enc(ar.slug)}`);
  // A visitor following an old link lands on the English page, in English.
  await page.goto(`/blog/${en.slug}`);
  await expect(page).toHaveURL(new RegExp(`/en/blog/${en.slug}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);
});

test("every earlier slug of a post answers 301 to the current one", async ({ request, page }) => {
  for (const path of [`/en/blog/${renamed.old}`, `/blog/${renamed.old}`]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(301);
    expect(res.headers().location, path).toBe(`/en/blog/${renamed.slug}`);
  }
  const res = await page.goto(`/en/blog/${renamed.old}`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/en/blog/${renamed.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed.title);
  // An address no post ever had is still a 404.
  expect((await request.get(`/en/blog/never-${run}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("hreflang pairs only real translations; canonical, og:locale and inLanguage match the page", async ({ request, baseURL }) => {
  const head = async (path: string) => {
    const html = await (await request.get(path)).text();
    const links = [...html.matchAll(/<link rel="(canonical|alternate)"(?: hrefLang="([^"]+)")? href="([^"]+)"/gi)]
      .filter((m) => !/rss/.test(m[0]))
      .map((m) => `${m[1]}|${m[2] ?? ""}|${m[3]}`);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const og = (p: string) => new RegExp(`<meta property="${p}" content="([^"]*)"`).exec(html)?.[1];
    return { links, posting: ld.find((x) => x["@type"] === "BlogPosting"), og };
  };
  const enUrl = `${baseURL}/en/blog/${en.slug}`;
  const arUrl = `${baseURL}/blog/${enc(ar.slug)}`;
  const english = await head(`/en/blog/${en.slug}`);
  expect(english.links).toEqual([`canonical||${enUrl}`, `alternate|ar|${arUrl}`, `alternate|en|${enUrl}`, `alternate|x-default|${arUrl}`]);
  expect(english.posting).toMatchObject({ inLanguage: "en", url: enUrl });
  expect(english.og("og:locale")).toBe("en_US");
  // No hero image: the English branded card.
  expect(english.og("og:image")).toBe(`${baseURL}/share/default-en.png`);

  const arabic = await head(`/blog/${enc(ar.slug)}`);
  expect(arabic.links).toEqual([`canonical||${arUrl}`, `alternate|ar|${arUrl}`, `alternate|en|${enUrl}`, `alternate|x-default|${arUrl}`]);
  expect(arabic.posting).toMatchObject({ inLanguage: "ar", url: arUrl });
  expect(arabic.og("og:locale")).toBe("ar_AE");
  expect(arabic.og("og:image")).toBe(`${baseURL}/share/default-ar.png`);

  // Without a translation: a canonical, no hreflang at all.
  const alone = await head(`/blog/${enc(solo.slug)}`);
  expect(alone.links).toEqual([`canonical||${baseURL}/blog/${enc(solo.slug)}`]);

  // The share card itself is there.
  const card = await request.get("/share/default-ar.png");
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
});

test("the language toggle on an article goes to its translation, else to the other blog", async ({ page }) => {
  await page.goto(`/en/blog/${en.slug}`);
  await page.locator('header a[hreflang="ar"]').click();
  await expect(page).toHaveURL(new RegExp(`/blog/${enc(ar.slug)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ar.title);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.locator('header a[hreflang="en"]').click();
  await expect(page).toHaveURL(new RegExp(`/en/blog/${en.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.title);

  await page.goto(`/blog/${enc(solo.slug)}`);
  await expect(page.locator('header a[hreflang="en"]')).toHaveAttribute("href", "/en/blog");
  await page.locator('header a[hreflang="en"]').click();
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expectNoAxeViolations(page);
});

test("the landing teaser and the blog list show only the page language's posts", async ({ page }) => {
  await page.goto("/en");
  const teaser = page.locator("section").filter({ has: page.getByRole("heading", { level: 3, name: en.title }) });
  await expect(teaser.getByRole("heading", { level: 3, name: en.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: ar.title })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 3, name: solo.title })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 3, name: ar.title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: en.title })).toHaveCount(0);

  await page.goto("/en/blog");
  await expect(page.getByRole("article").filter({ hasText: en.title })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: ar.title })).toHaveCount(0);
  await page.goto("/blog");
  await expect(page.getByRole("article").filter({ hasText: ar.title })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: solo.title })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: en.title })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a scheduled post appears on its own at its publish time on the list, the article and the feed", async ({ request }) => {
  const admin = await adminClient();
  const at = Date.now() + 2500;
  const ins = await admin.from("blog_posts").insert({ ...base, ...scheduled, language: "en", published_at: new Date(at).toISOString() });
  expect(ins.error).toBeNull();
  // Before: nowhere (and the pages rendered now are stored by the cache).
  for (let i = 0; i < 2; i++) {
    expect(await (await request.get("/en/blog")).text()).not.toContain(scheduled.title);
    expect((await request.get(`/en/blog/${scheduled.slug}`)).status()).toBe(404);
  }
  expect(await (await request.get("/en/rss.xml")).text()).not.toContain(scheduled.title);
  expect((await anonClient().from("blog_posts").select("id").eq("slug", scheduled.slug)).data).toEqual([]);
  // After: everywhere, without anyone touching the post.
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 50));
  expect(await (await request.get("/en/blog")).text()).toContain(scheduled.title);
  const article = await request.get(`/en/blog/${scheduled.slug}`);
  expect(article.status()).toBe(200);
  expect(await (await request.get("/en/rss.xml")).text()).toContain(scheduled.title);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/en/blog/${scheduled.slug}</loc>`);
});
