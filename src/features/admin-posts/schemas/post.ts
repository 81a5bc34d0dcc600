/** The blog post as the admin area sees it (docs/product.md#data), and the post form's rules (docs/product.md#admin-posts). */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import * as v from "valibot";
import type { BlogCategory, BlogCountry, Tables } from "@/lib/database.types";
import { SLUG_MAX_LENGTH, slugify } from "@/lib/slug";
import { zoneOffsetMs } from "@/lib/time-zone";

export const CATEGORIES = [
  "Technology",
  "Real Estate",
  "AI & Automation",
  "Sales",
  "Market Analysis",
] as const satisfies readonly BlogCategory[];
export const COUNTRIES = ["Canada", "UAE", "Global"] as const satisfies readonly BlogCountry[];
export type Category = BlogCategory;
export type Country = BlogCountry;

/**
 * The longest value the database accepts for each field, in characters: declared once here for the form
 * and its counters, and checked against blog_posts' CHECK constraints by tests/db/post-limits.test.ts.
 */
export const POST_LIMITS = {
  title: 200,
  /** Room above SLUG_MAX_LENGTH (what a slug is cut to) for the "-2" of a taken one. */
  slug: 200,
  excerpt: 500,
  read_time: 50,
  hero_image_alt: 300,
  meta_title: 200,
  meta_description: 500,
  hero_image_url: 2048,
} as const satisfies Partial<Record<keyof Tables<"blog_posts">, number>>;
export const TITLE_MAX = POST_LIMITS.title;
export const EXCERPT_MAX = POST_LIMITS.excerpt;
/** Hero images under 5 MB (docs/product.md#admin-posts). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the bucket accepts (raster images; the server checks the bytes again). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

/** A row of `blog_posts` (the generated database types are the one source of its shape). */
export type AdminPost = Tables<"blog_posts">;

/** The list columns (what the table and the dashboard read; docs/product.md#admin-posts). */
export type AdminPostSummary = Omit<AdminPost, "content" | "updated_at" | "meta_title" | "meta_description" | "hero_image_alt" | "version">;
export const SUMMARY_COLUMNS =
  "id,slug,title,excerpt,category,is_popular,hero_image_url,created_at,read_time,published,published_at,country,language,translation_group";

/** The other-language post of a translation group, as the editor and the table show it. */
export type PostTranslation = Pick<AdminPost, "id" | "slug" | "title" | "language" | "published" | "published_at" | "translation_group">;

/** A post opened in the editor, with the same post in the other language if there is one. */
export interface LoadedPost {
  post: AdminPost;
  translation: PostTranslation | null;
  /** The signed-in author's autosave of this post, if one is waiting (docs/admin-posts.md#never-lost). */
  autosave?: PostAutosave | null;
}

/** A post's language (its public address is under that language's prefix). */
export type PostLanguage = AdminPost["language"];
export const POST_LANGUAGES = ["ar", "en"] as const satisfies readonly PostLanguage[];
export const otherLanguage = (language: PostLanguage): PostLanguage => (language === "ar" ? "en" : "ar");

/** What the editor saves: the row without what the database assigns (the translation group is set by "Translate"). */
export type PostFormValues = Omit<AdminPost, "id" | "created_at" | "updated_at" | "translation_group" | "version">;

/** Search engines cut titles and descriptions around these lengths: the form hints, it does not block. */
export const META_TITLE_HINT = 60;
export const META_DESCRIPTION_HINT = 160;

/** Where a post stands for visitors: a draft, published, or published with a time still to come. */
export type PostStatus = "draft" | "scheduled" | "published";
export function postStatus(post: Pick<AdminPost, "published" | "published_at">, now: number): PostStatus {
  if (!post.published) return "draft";
  return post.published_at && Date.parse(post.published_at) > now ? "scheduled" : "published";
}

/** The publish choice in the editor. */
type PublishMode = "draft" | "now" | "schedule";

/**
 * The editor's fields: optional texts are "" while blank, the slug as typed (normalised on save), and
 * the publish choice with the scheduled time as the business time zone's wall clock ("2026-12-01T09:30").
 */
export type PostFormFields = Pick<
  AdminPost,
  "title" | "slug" | "language" | "excerpt" | "content" | "category" | "country" | "read_time" | "is_popular" | "hero_image_url"
> & {
  /** The columns that are null while blank, held as "" by the editor. */
  [K in "hero_image_alt" | "meta_title" | "meta_description"]: string;
} & {
  publish_mode: PublishMode;
  schedule_at: string;
};

export const emptyPostFields = (language: PostLanguage): PostFormFields => ({
  title: "",
  slug: "",
  language,
  excerpt: "",
  content: "",
  category: "",
  country: "",
  read_time: "",
  is_popular: false,
  hero_image_url: null,
  hero_image_alt: "",
  meta_title: "",
  meta_description: "",
  publish_mode: "draft",
  schedule_at: "",
});

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall-clock time ("YYYY-MM-DDTHH:mm") that `timeZone` shows at `instant`. */
export function wallTimeIn(instant: string | number, timeZone: string): string {
  const ms = typeof instant === "number" ? instant : Date.parse(instant);
  const local = new Date(ms + zoneOffsetMs(timeZone, ms));
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The instant (ISO) at which `timeZone`'s wall clock shows `wall` ("2026-12-01T09:30"); null if `wall` is not a date and time. */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(utc).getUTCDate() !== d) return null; // 31 February
  let guess = utc - zoneOffsetMs(timeZone, utc);
  guess = utc - zoneOffsetMs(timeZone, guess); // settle across a daylight-saving change
  return new Date(guess).toISOString();
}

/** Fields the editor autosaved, and the post version they started from. */
export interface PostAutosave {
  fields: PostFormFields;
  base_version: number;
  saved_at: string;
}

/** One stored state of a post, for the revision history. */
export interface PostRevisionSummary {
  id: string;
  version: number;
  author_email: string | null;
  created_at: string;
  title: string;
}

/**
 * Autosaved or stored-as-JSON fields read back as the form's fields: every field present with its type,
 * anything else dropped (a local copy may come from an older build).
 */
export function fieldsFromJson(json: unknown, language: PostLanguage): PostFormFields | null {
  if (!json || typeof json !== "object" || Array.isArray(json)) return null;
  const source = json as Record<string, unknown>;
  const fields = emptyPostFields(language);
  const out: Record<string, unknown> = { ...fields };
  for (const key of Object.keys(fields) as (keyof PostFormFields)[]) {
    const value = source[key];
    const expected = key === "hero_image_url" ? ["string", "null"] : [typeof fields[key]];
    if (value !== undefined && expected.includes(value === null ? "null" : typeof value)) out[key] = value;
  }
  if (!POST_LANGUAGES.includes(out.language as PostLanguage)) out.language = language;
  if (!["draft", "now", "schedule"].includes(out.publish_mode as string)) out.publish_mode = "draft";
  return out as unknown as PostFormFields;
}

/** The editor's fields for a stored post (or a new one in `language`). */
export function toFormFields(
  post: AdminPost | null,
  { timeZone, now, language }: { timeZone: string; now: number; language: PostLanguage },
): PostFormFields {
  if (!post) return emptyPostFields(language);
  const status = postStatus(post, now);
  return {
    title: post.title,
    slug: post.slug,
    language: post.language,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    country: post.country,
    read_time: post.read_time,
    is_popular: post.is_popular,
    hero_image_url: post.hero_image_url,
    hero_image_alt: post.hero_image_alt ?? "",
    meta_title: post.meta_title ?? "",
    meta_description: post.meta_description ?? "",
    publish_mode: status === "draft" ? "draft" : status === "scheduled" ? "schedule" : "now",
    schedule_at: status === "scheduled" && post.published_at ? wallTimeIn(post.published_at, timeZone) : "",
  };
}

const blankToNull = (s: string) => (s.trim() ? s.trim() : null);

/**
 * The row to save from validated fields. "Publish now" keeps the time of a post that is already
 * live (so re-saving does not move it up the blog) and otherwise leaves it null for the database to
 * stamp; a draft has no publish time; a schedule stores the instant of the business wall time.
 */
export function toPostValues(
  fields: PostFormFields,
  { timeZone, now, previous }: { timeZone: string; now: number; previous: Pick<AdminPost, "published" | "published_at"> | null },
): PostFormValues {
  let published_at: string | null = null;
  if (fields.publish_mode === "schedule") published_at = instantOfWallTime(fields.schedule_at, timeZone);
  else if (fields.publish_mode === "now" && previous && postStatus(previous, now) === "published") published_at = previous.published_at;
  return {
    title: fields.title.trim(),
    slug: slugify(fields.slug),
    language: fields.language,
    excerpt: fields.excerpt.trim(),
    content: fields.content,
    category: fields.category,
    country: fields.country,
    read_time: fields.read_time.trim(),
    is_popular: fields.is_popular,
    hero_image_url: fields.hero_image_url,
    hero_image_alt: fields.hero_image_url ? blankToNull(fields.hero_image_alt) : null,
    meta_title: blankToNull(fields.meta_title),
    meta_description: blankToNull(fields.meta_description),
    published: fields.publish_mode !== "draft",
    published_at,
  };
}

/** The post form's messages, by name. */
interface PostFormMessages {
  titleRequired: string;
  titleTooLong: string;
  slugTooLong: string;
  excerptRequired: string;
  excerptTooLong: string;
  contentRequired: string;
  categoryRequired: string;
  countryRequired: string;
  readTimeRequired: string;
  metaTitleTooLong: string;
  metaDescriptionTooLong: string;
  heroAltRequired: string;
  heroAltTooLong: string;
  scheduleRequired: string;
  scheduleInPast: string;
}

/** English texts are those of docs/product.md#admin-posts; the editor passes the translated ones. */
export const postFormMessages: Record<keyof PostFormMessages, MessageDescriptor> = {
  titleRequired: msg`Title is required`,
  titleTooLong: msg`Title too long`,
  slugTooLong: msg`The address is too long`,
  excerptRequired: msg`Excerpt is required`,
  excerptTooLong: msg`Excerpt too long`,
  contentRequired: msg`Content is required`,
  categoryRequired: msg`Category is required`,
  countryRequired: msg`Country is required`,
  readTimeRequired: msg`Read time is required`,
  metaTitleTooLong: msg`The search title is too long`,
  metaDescriptionTooLong: msg`The search description is too long`,
  heroAltRequired: msg`Describe the image for people who cannot see it`,
  heroAltTooLong: msg`The image description is too long`,
  scheduleRequired: msg`Choose the date and time to publish`,
  scheduleInPast: msg`Choose a time in the future`,
};

const required = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message));

/** The editor's rules; `now` is the clock a scheduled time must be later than. */
export function postFormSchema(
  translate: (message: MessageDescriptor) => string,
  { timeZone, now = Date.now }: { timeZone: string; now?: () => number },
) {
  const m = (key: keyof PostFormMessages) => translate(postFormMessages[key]);
  return v.pipe(
    v.object({
      title: v.pipe(v.string(), v.trim(), v.nonEmpty(m("titleRequired")), v.maxLength(TITLE_MAX, m("titleTooLong"))),
      slug: v.pipe(
        v.string(),
        v.trim(),
        v.check((s) => Array.from(s).length <= SLUG_MAX_LENGTH, m("slugTooLong")),
      ),
      language: v.picklist(POST_LANGUAGES),
      excerpt: v.pipe(v.string(), v.trim(), v.nonEmpty(m("excerptRequired")), v.maxLength(EXCERPT_MAX, m("excerptTooLong"))),
      content: required(m("contentRequired")),
      category: v.pipe(v.string(), v.picklist(CATEGORIES, m("categoryRequired"))),
      country: v.pipe(v.string(), v.picklist(COUNTRIES, m("countryRequired"))),
      read_time: v.pipe(v.string(), v.trim(), v.nonEmpty(m("readTimeRequired")), v.maxLength(POST_LIMITS.read_time, m("readTimeRequired"))),
      is_popular: v.boolean(),
      hero_image_url: v.nullable(v.string()),
      hero_image_alt: v.pipe(v.string(), v.trim(), v.maxLength(POST_LIMITS.hero_image_alt, m("heroAltTooLong"))),
      meta_title: v.pipe(v.string(), v.trim(), v.maxLength(POST_LIMITS.meta_title, m("metaTitleTooLong"))),
      meta_description: v.pipe(v.string(), v.trim(), v.maxLength(POST_LIMITS.meta_description, m("metaDescriptionTooLong"))),
      publish_mode: v.picklist(["draft", "now", "schedule"] as const),
      schedule_at: v.string(),
    }),
    v.forward(
      v.partialCheck(
        [["hero_image_url"], ["hero_image_alt"]],
        (f) => !f.hero_image_url || f.hero_image_alt.trim() !== "",
        m("heroAltRequired"),
      ),
      ["hero_image_alt"],
    ),
    v.forward(
      v.partialCheck(
        [["publish_mode"], ["schedule_at"]],
        (f) => f.publish_mode !== "schedule" || instantOfWallTime(f.schedule_at, timeZone) !== null,
        m("scheduleRequired"),
      ),
      ["schedule_at"],
    ),
    v.forward(
      v.partialCheck(
        [["publish_mode"], ["schedule_at"]],
        (f) => {
          if (f.publish_mode !== "schedule") return true;
          const at = instantOfWallTime(f.schedule_at, timeZone);
          return at === null || Date.parse(at) > now();
        },
        m("scheduleInPast"),
      ),
      ["schedule_at"],
    ),
  );
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

/**
 * The stored categories and countries whose label, in any of the given languages, contains the
 * search (so `كندا` finds "Canada" and "Real" finds "Real Estate" whatever the admin's language).
 */
export function optionsMatching(search: string, translators: readonly I18n[]): { categories: Category[]; countries: Country[] } {
  const q = search.trim().toLocaleLowerCase();
  if (!q) return { categories: [], countries: [] };
  const hit = (value: string, label: MessageDescriptor) =>
    value.toLocaleLowerCase().includes(q) || translators.some((i18n) => i18n._(label).toLocaleLowerCase().includes(q));
  return {
    categories: CATEGORIES.filter((c) => hit(c, categoryLabels[c])),
    countries: COUNTRIES.filter((c) => hit(c, countryLabels[c])),
  };
}
