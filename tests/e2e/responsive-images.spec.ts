/**
 * Responsive images on the public pages: the article hero (the page's largest paint) and the images
 * inside a post come as srcset of Storage render URLs with sizes and intrinsic dimensions, and the
 * browser receives a resized modern format.
 */
import { expect, test } from "@playwright/test";
import { makePng } from "./admin-helpers";
import { serviceClient, watchConsole } from "./support";

test("an article's hero and inline images are responsive, sized and served as AVIF", async ({ page }) => {
  const service = serviceClient();
  const stamp = Date.now();
  const hero = `${stamp}-e2e-hero.png`;
  const inline = `${stamp}-e2e-inline.png`;
  for (const [name, w, h] of [
    [hero, 1600, 900],
    [inline, 400, 300],
  ] as const) {
    const { error } = await service.storage.from("blog-images").upload(name, makePng(w, h), { contentType: "image/png", upsert: true });
    expect(error).toBeNull();
  }
  const url = (name: string) => service.storage.from("blog-images").getPublicUrl(name).data.publicUrl;
  const slug = `responsive-images-${stamp}`;
  const { error } = await service.from("blog_posts").insert({
    slug,
    title: "صور متجاوبة في المقال",
    excerpt: "مقال لاختبار الصور.",
    content: `<p>قبل الصورة.</p><p><img src="${url(inline)}" alt="مخطط" width="400" height="300"></p>`,
    category: "Technology",
    country: "UAE",
    read_time: "2 min read",
    published: true,
    hero_image_url: url(hero),
    hero_image_alt: "صورة الغلاف",
  });
  expect(error).toBeNull();

  const problems = watchConsole(page);
  const images: Array<{ url: string; type: string | undefined }> = [];
  page.on("response", (r) => {
    if (r.url().includes("/storage/v1/render/image/")) images.push({ url: r.url(), type: r.headers()["content-type"] });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const res = await page.goto(`/blog/${slug}`);
  expect(res?.status()).toBe(200);

  const heroImg = page.locator("article img").first();
  await expect(heroImg).toHaveAttribute(
    "srcset",
    new RegExp(`/storage/v1/render/image/public/blog-images/${hero}\\?width=480&quality=70 480w`),
  );
  await expect(heroImg).toHaveAttribute("sizes", "(min-width: 48em) 45rem, 100vw");
  await expect(heroImg).toHaveAttribute("width", "1200");
  await expect(heroImg).toHaveAttribute("height", "675");
  await expect(heroImg).toHaveAttribute("fetchpriority", "high");
  await expect(heroImg).toHaveAttribute("loading", "eager");
  // The browser chose a candidate and drew it.
  await expect.poll(() => heroImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const chosen = await heroImg.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(/\/render\/image\/public\/blog-images\/.*\?width=\d+&quality=70$/);

  const inlineImg = page.locator(".article-content img");
  await expect(inlineImg).toHaveAttribute("srcset", new RegExp(`${inline}\\?width=320&quality=70 320w`));
  await expect(inlineImg).toHaveAttribute("sizes", "(min-width: 400px) 400px, 100vw");
  await expect(inlineImg).toHaveAttribute("width", "400");
  await expect(inlineImg).toHaveAttribute("height", "300");
  await expect(inlineImg).toHaveAttribute("loading", "lazy");
  await inlineImg.scrollIntoViewIfNeeded();
  await expect.poll(() => inlineImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Chromium accepts AVIF: that is what the render endpoint sent.
  expect(images.length).toBeGreaterThan(0);
  for (const i of images) expect(i.type, i.url).toBe("image/avif");

  // The post's card on the blog list.
  await page.goto("/blog");
  const card = page.locator("article", { hasText: "صور متجاوبة في المقال" }).locator("img");
  await expect(card).toHaveAttribute("srcset", new RegExp(`${hero}\\?width=320&quality=70 320w, .*${hero}\\?width=960&quality=70 960w$`));
  await expect(card).toHaveAttribute("width", "640");
  await expect(card).toHaveAttribute("height", "360");
  expect(problems).toEqual([]);
});
