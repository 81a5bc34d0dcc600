/**
 * Responsive images for pictures stored in the `blog-images` bucket (docs/product.md#data "Image
 * lifecycle"). Supabase Storage's image transformation (`/storage/v1/render/image/public/...`, the
 * embedded server implements it with sharp, see docs/backend.md) resizes on request and answers
 * AVIF or WebP to browsers that accept them (JPEG/PNG to others, `Vary: Accept`), so a plain
 * `srcset` of render URLs gives every browser a modern format with a fallback, without `<picture>`.
 *
 * Images elsewhere (another host, a data: URL) are left as they are. A hosted Supabase project
 * without image transformation (it is a paid feature) builds with
 * `VITE_SUPABASE_IMAGE_TRANSFORMS=off`: originals are then served as before.
 */

/** The widths the render endpoint accepts (server/api/image-render.ts RENDER_WIDTHS). */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const IMAGE_BUCKET = "blog-images";
const OBJECT_PATH = `/storage/v1/object/public/${IMAGE_BUCKET}/`;
const RENDER_PATH = `/storage/v1/render/image/public/${IMAGE_BUCKET}/`;

/** Visually lossless for photos in AVIF/WebP, and about a third smaller than quality 80. */
export const IMAGE_QUALITY = 70;

function transformsEnabled(): boolean {
  return import.meta.env.VITE_SUPABASE_IMAGE_TRANSFORMS !== "off";
}

/**
 * The object's public URL, from either its public URL or one of its render URLs (so rendering
 * twice gives the same markup); null when it is not a `blog-images` URL this module can transform
 * (another path, an unknown query or fragment, whitespace or commas that a srcset cannot carry,
 * a scheme other than http(s), a protocol-relative URL).
 */
export function storedImageUrl(url: string): string | null {
  const v = url.trim();
  const m = /^((?:https?:\/\/[^/?#\s,]+)?)(\/[^?#\s,]*)(\?[^#\s,]*)?$/i.exec(v);
  if (!m || v.startsWith("//")) return null;
  const [, origin = "", path = "", query] = m;
  for (const [base, allowsQuery] of [
    [OBJECT_PATH, false],
    [RENDER_PATH, true],
  ] as const) {
    if (path.startsWith(base) && path.length > base.length && (query === undefined || allowsQuery)) {
      return `${origin}${OBJECT_PATH}${path.slice(base.length)}`;
    }
  }
  return null;
}

/** The render URL of a `blog-images` image at `width`, or null (see storedImageUrl). */
export function imageRenderUrl(url: string, width: ImageWidth, quality = IMAGE_QUALITY): string | null {
  const stored = storedImageUrl(url);
  if (!stored) return null;
  return `${stored.replace(OBJECT_PATH, RENDER_PATH)}?width=${width}&quality=${quality}`;
}

interface ResponsiveImageAttrs {
  src: string;
  srcSet?: string;
  sizes?: string;
}

interface ResponsiveImageOptions {
  /** Candidate widths for srcset. */
  widths: readonly ImageWidth[];
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** The width used for `src` (browsers without srcset, crawlers). Defaults to the middle candidate. */
  fallbackWidth?: ImageWidth;
}

/**
 * A share-card image (og:image, 1200 × 630, cropped to fill) in the source's own format (JPEG/PNG:
 * link previews do not all read WebP or AVIF), or the URL itself when it cannot be transformed.
 */
export function shareImageUrl(url: string): string {
  const stored = transformsEnabled() ? storedImageUrl(url) : null;
  if (!stored) return url;
  return `${stored.replace(OBJECT_PATH, RENDER_PATH)}?width=1200&height=630&resize=cover&format=origin&quality=80`;
}

/** `src`, `srcSet` and `sizes` for an image URL; just `src` when it cannot be transformed. */
export function responsiveImage(url: string, { widths, sizes, fallbackWidth }: ResponsiveImageOptions): ResponsiveImageAttrs {
  if (!transformsEnabled() || widths.length === 0) return { src: url };
  const first = imageRenderUrl(url, widths[0]!);
  if (!first) return { src: url };
  const srcSet = widths.map((w) => `${imageRenderUrl(url, w)} ${w}w`).join(", ");
  const fallback = fallbackWidth ?? widths[Math.floor((widths.length - 1) / 2)]!;
  return { src: imageRenderUrl(url, fallback)!, srcSet, sizes };
}

/** Blog cards: one column on phones, two from 48em, three from 64em inside a 72rem container. */
export const CARD_IMAGE: ResponsiveImageOptions = {
  widths: [320, 480, 640, 960],
  sizes: "(min-width: 72em) 23rem, (min-width: 64em) 31vw, (min-width: 48em) 47vw, 100vw",
  fallbackWidth: 640,
};

/** The article's hero and content column: 48rem container, full width on phones. */
export const ARTICLE_IMAGE: ResponsiveImageOptions = {
  widths: [480, 640, 960, 1280, 1920],
  sizes: "(min-width: 48em) 45rem, 100vw",
  fallbackWidth: 960,
};

/**
 * For an image inside a post's content whose intrinsic width may be known (its `width`
 * attribute): candidates up to the first one covering twice that width (high-density screens), and
 * `sizes` that never claims more than the image's own width.
 */
export function contentImageOptions(intrinsicWidth: number | null): ResponsiveImageOptions {
  if (!intrinsicWidth || !Number.isFinite(intrinsicWidth) || intrinsicWidth <= 0) return ARTICLE_IMAGE;
  const px = Math.round(intrinsicWidth);
  if (px >= 720) return ARTICLE_IMAGE;
  const covering = IMAGE_WIDTHS.find((w) => w >= 2 * px) ?? 1920;
  const widths = IMAGE_WIDTHS.filter((w) => w <= covering);
  const fallbackWidth = IMAGE_WIDTHS.find((w) => w >= px) ?? covering;
  return { widths, sizes: `(min-width: ${px}px) ${px}px, 100vw`, fallbackWidth };
}
