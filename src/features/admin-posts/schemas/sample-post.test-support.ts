import type { AdminPost } from "./post";

/** A stored post for tests: an Arabic draft about sales in the UAE; pass what the test is about. */
export const samplePost = (fields: Partial<AdminPost> = {}): AdminPost => ({
  id: "p1",
  title: "Hello",
  slug: "hello",
  language: "ar",
  excerpt: "e",
  content: "<p>c</p>",
  category: "Sales",
  country: "UAE",
  read_time: "5 min read",
  is_popular: false,
  published: false,
  published_at: null,
  hero_image_url: null,
  hero_image_alt: null,
  meta_title: null,
  meta_description: null,
  translation_group: "tg-1",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  version: 1,
  ...fields,
});
