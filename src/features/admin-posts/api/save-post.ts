import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { FALLBACK_SLUG, slugify, uniqueSlug } from "@/lib/slug";
import type { AdminPost, PostFormValues } from "../schemas/post";
import { createPost } from "./create-post";
import { findTakenSlugs } from "./find-taken-slugs";
import { getPost } from "./get-post";
import { PostgrestFailure } from "./postgrest-error";
import { updatePost } from "./update-post";

/** The unique constraint that keeps slugs unique per language. */
const SLUG_CONSTRAINT = "blog_posts_language_slug_key";

/** The slug the marketer chose is already used by another post in the same language. */
export class SlugTakenError extends Error {
  public readonly slug: string;
  constructor(slug: string) {
    super(`The slug "${slug}" is already used by another post in this language`);
    this.slug = slug;
    this.name = "SlugTakenError";
  }
}

/**
 * The post was saved (in another tab, or by a colleague) after the version these changes were based on:
 * nothing was stored. `current` is the post as it is stored now, to reload or compare.
 */
export class StaleVersionError extends Error {
  public readonly current: AdminPost;
  constructor(current: AdminPost) {
    super(`The post was saved by someone else since (version ${current.version})`);
    this.current = current;
    this.name = "StaleVersionError";
  }
}

/** The database's refusal of a stale version (blog_posts_check_version). */
const isStaleVersion = (error: unknown) => error instanceof PostgrestFailure && error.code === "PT409";

export const isSlugCollision = (error: unknown) =>
  error instanceof PostgrestFailure && error.code === "23505" && error.message.includes(SLUG_CONSTRAINT);

/**
 * Creates or updates a post (docs/admin-posts.md#slug). A slug the marketer typed (or a stored one)
 * is saved exactly as given: if another post of the same language has it, this throws SlugTakenError
 * and nothing is stored (no silent "-2"). A blank slug is derived from the title (Unicode letters
 * kept) and made unique with -2, -3, …; a derived slug taken between the check and the write (23505)
 * is derived again once. An update carries `baseVersion`, the stored version the changes started from: if
 * the post was saved since, this throws StaleVersionError with the stored post and nothing is stored.
 */
export async function savePost(
  supabase: SupabaseClient<Database>,
  id: string | null,
  values: PostFormValues,
  baseVersion?: number,
): Promise<AdminPost> {
  const clean: PostFormValues = {
    ...values,
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    read_time: values.read_time.trim(),
    slug: slugify(values.slug),
  };
  const derive = clean.slug === "";
  for (let attempt = 0; ; attempt++) {
    const slug = derive
      ? uniqueSlug(clean.title, await findTakenSlugs(supabase, slugify(clean.title) || FALLBACK_SLUG, clean.language, id ?? undefined))
      : clean.slug;
    try {
      return id ? await updatePost(supabase, id, { ...clean, slug }, baseVersion) : await createPost(supabase, { ...clean, slug });
    } catch (error) {
      if (id && isStaleVersion(error)) throw new StaleVersionError((await getPost(supabase, id)).post);
      if (!isSlugCollision(error)) throw error;
      if (!derive) throw new SlugTakenError(slug);
      if (attempt > 0) throw error;
    }
  }
}
