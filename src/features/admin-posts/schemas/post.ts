/** The blog post as the admin area sees it (docs/product.md#data), and the post form's rules (docs/product.md#admin-posts). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as v from "valibot";
import type { Database } from "@/lib/database.types";

export const CATEGORIES = ["Technology", "Real Estate", "AI & Automation", "Sales", "Market Analysis"] as const;
export const COUNTRIES = ["Canada", "UAE", "Global"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Country = (typeof COUNTRIES)[number];

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
/** Hero images under 5 MB (docs/product.md#admin-posts). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the bucket accepts (raster images; the server checks the bytes again). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

/** A row of `blog_posts` (the generated database types are the one source of its shape). */
export type AdminPost = Database["public"]["Tables"]["blog_posts"]["Row"];

/** The list columns (what the table and the dashboard read; docs/product.md#admin-posts). */
export type AdminPostSummary = Omit<AdminPost, "content" | "updated_at" | NotYetEdited>;
export const SUMMARY_COLUMNS = "id,slug,title,excerpt,category,is_popular,hero_image_url,created_at,read_time,published,country";

/** Columns the admin area does not edit yet (language, translations, schedule, SEO fields). */
type NotYetEdited = "language" | "translation_group" | "published_at" | "meta_title" | "meta_description" | "hero_image_alt";

/** What the post form edits: the row without what the database assigns. */
export type PostFormValues = Omit<AdminPost, "id" | "slug" | "created_at" | "updated_at" | NotYetEdited>;

export const emptyPost: PostFormValues = {
  title: "",
  excerpt: "",
  content: "",
  category: "",
  country: "",
  read_time: "",
  is_popular: false,
  published: false,
  hero_image_url: null,
};

export interface PostFormMessages {
  titleRequired: string;
  titleTooLong: string;
  excerptRequired: string;
  excerptTooLong: string;
  contentRequired: string;
  categoryRequired: string;
  countryRequired: string;
  readTimeRequired: string;
}

/** English texts are those of docs/product.md#admin-posts; the editor passes the translated ones. */
export const postFormMessages: Record<keyof PostFormMessages, MessageDescriptor> = {
  titleRequired: msg`Title is required`,
  titleTooLong: msg`Title too long`,
  excerptRequired: msg`Excerpt is required`,
  excerptTooLong: msg`Excerpt too long`,
  contentRequired: msg`Content is required`,
  categoryRequired: msg`Category is required`,
  countryRequired: msg`Country is required`,
  readTimeRequired: msg`Read time is required`,
};

const required = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message));

export function postFormSchema(m: PostFormMessages) {
  return v.object({
    title: v.pipe(v.string(), v.trim(), v.nonEmpty(m.titleRequired), v.maxLength(TITLE_MAX, m.titleTooLong)),
    excerpt: v.pipe(v.string(), v.trim(), v.nonEmpty(m.excerptRequired), v.maxLength(EXCERPT_MAX, m.excerptTooLong)),
    content: required(m.contentRequired),
    category: v.pipe(v.string(), v.picklist(CATEGORIES, m.categoryRequired)),
    country: v.pipe(v.string(), v.picklist(COUNTRIES, m.countryRequired)),
    read_time: v.pipe(v.string(), v.trim(), v.nonEmpty(m.readTimeRequired), v.maxLength(50, m.readTimeRequired)),
    is_popular: v.boolean(),
    published: v.boolean(),
    hero_image_url: v.nullable(v.string()),
  });
}

export const categoryLabels: Record<Category, MessageDescriptor> = {
  Technology: msg`Technology`,
  "Real Estate": msg`Real Estate`,
  "AI & Automation": msg`AI & Automation`,
  Sales: msg`Sales`,
  "Market Analysis": msg`Market Analysis`,
};

export const countryLabels: Record<Country, MessageDescriptor> = {
  Canada: msg`Canada`,
  UAE: msg`UAE`,
  Global: msg`Global`,
};

/** The hero image check before upload (docs/product.md#admin-posts); returns the problem or null. */
export function imageProblem(file: { type: string; size: number }): "type" | "size" | null {
  if (!file.type.startsWith("image/") || !(IMAGE_TYPES as readonly string[]).includes(file.type)) return "type";
  if (file.size >= IMAGE_MAX_BYTES) return "size";
  return null;
}
