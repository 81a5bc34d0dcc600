/**
 * Post slugs (docs/product.md#admin-posts, widened by issue #6 to Unicode): lowercased; everything but letters, digits,
 * spaces and hyphens removed; spaces to hyphens; repeated hyphens collapsed; edge hyphens trimmed.
 * Letters and digits are Unicode ones, so an Arabic title gives an Arabic slug. Arabic short vowels
 * (tashkeel) and the tatweel are dropped so that the same word always gives the same slug.
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/gu;
const NOT_ALLOWED = /[^\p{L}\p{M}\p{N}\s-]+/gu;

/** The longest slug we make (the database allows 200; room is left for a "-NN" suffix). */
export const SLUG_MAX_LENGTH = 190;

/** Used when a title has no letters or digits at all (a symbols-only title). */
export const FALLBACK_SLUG = "post";

export function slugify(title: string): string {
  const slug = title
    .normalize("NFKC")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .replace(NOT_ALLOWED, "")
    .trim()
    .replace(/\s+/gu, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  // Cut on a character boundary (not inside a surrogate pair), then tidy the end again.
  return Array.from(slug).slice(0, SLUG_MAX_LENGTH).join("").replace(/-+$/g, "");
}

/**
 * The slug for a title that is not yet taken: `base`, else `base-2`, `base-3`, … `taken` holds the
 * slugs of the other posts (the post being edited keeps its own slug, so leave it out).
 */
export function uniqueSlug(title: string, taken: Iterable<string>): string {
  const base = slugify(title) || FALLBACK_SLUG;
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Whether a slug is one `uniqueSlug` makes from this title (`base`, `base-2`, …), not one a person typed. */
export function isSlugOfTitle(slug: string, title: string): boolean {
  const base = slugify(title);
  if (!base) return false;
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}
