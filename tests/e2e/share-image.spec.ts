/**
 * The share image of a post (docs/admin-posts.md#share-image): its hero image cropped to 1200 × 630 by the
 * image pipeline, with og:image:width/height; a post without one shares the branded default card.
 */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { makePng } from "./admin-helpers";
import { serviceClient } from "./support";

async function publish(hero: string | null) {
  const slug = `share-${randomUUID().slice(0, 8)}`;
  const { error } = await serviceClient()
    .from("blog_posts")
    .insert({
      slug,
      title: "Share card test",
      excerpt: "What a link preview shows.",
      content: "<p>Body</p>",
      category: "Market Analysis",
      country: "UAE",
      read_time: "2 min read",
      language: "en",
      published: true,
      hero_image_url: hero,
      hero_image_alt: hero ? "Teal test image" : null,
    });
  if (error) throw error;
  return `/en/blog/${slug}`;
}

async function shareCard(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]+)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
  const url = meta("og:image")!;
  const image = await request.get(url);
  expect(image.status()).toBe(200);
  const { width, height, format } = await sharp(await image.body()).metadata();
  return { url, width, height, format, declared: [meta("og:image:width"), meta("og:image:height")] };
}

test("a new post's share image is 1200×630, from its hero image or the branded default", async ({ request }) => {
  const path = `e2e/share-${randomUUID().slice(0, 8)}.png`;
  const { error } = await serviceClient().storage.from("blog-images").upload(path, makePng(1600, 1000), { contentType: "image/png" });
  expect(error).toBeNull();
  const hero = `/storage/v1/object/public/blog-images/${path}`;

  const withHero = await shareCard(request, await publish(hero));
  expect(withHero.url).toContain("/storage/v1/render/image/public/blog-images/");
  expect([withHero.width, withHero.height, withHero.format]).toEqual([1200, 630, "png"]);
  expect(withHero.declared).toEqual(["1200", "630"]);

  const without = await shareCard(request, await publish(null));
  expect(without.url).toMatch(/\/share\/default-en\.png$/);
  expect([without.width, without.height]).toEqual([1200, 630]);
  expect(without.declared).toEqual(["1200", "630"]);
});
