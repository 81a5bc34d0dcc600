import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ARTICLE_IMAGE,
  CARD_IMAGE,
  IMAGE_WIDTHS,
  contentImageOptions,
  imageRenderUrl,
  responsiveImage,
  shareImageUrl,
  storedImageUrl,
} from "./responsive-image";

const HOSTED = "https://abc.supabase.co/storage/v1/object/public/blog-images/1764000000000-dubai-marina.jpg";
const SAME_ORIGIN = "/storage/v1/object/public/blog-images/folder/%D8%B5%D9%88%D8%B1%D8%A9.png";

afterEach(() => vi.unstubAllEnvs());

describe("storedImageUrl / imageRenderUrl", () => {
  it("maps a blog-images public URL (absolute or site-relative) to its render URL", () => {
    expect(imageRenderUrl(HOSTED, 640)).toBe(
      "https://abc.supabase.co/storage/v1/render/image/public/blog-images/1764000000000-dubai-marina.jpg?width=640&quality=70",
    );
    expect(imageRenderUrl(SAME_ORIGIN, 320, 80)).toBe(
      "/storage/v1/render/image/public/blog-images/folder/%D8%B5%D9%88%D8%B1%D8%A9.png?width=320&quality=80",
    );
  });

  it("recognises its own render URLs, so rendering twice gives the same URLs", () => {
    const once = imageRenderUrl(HOSTED, 960)!;
    expect(storedImageUrl(once)).toBe(HOSTED);
    expect(imageRenderUrl(once, 960)).toBe(once);
  });

  it("leaves everything else alone", () => {
    for (const url of [
      "https://images.example.com/a.jpg",
      "https://abc.supabase.co/storage/v1/object/public/other-bucket/a.jpg",
      "https://abc.supabase.co/storage/v1/object/public/blog-images/",
      "https://abc.supabase.co/storage/v1/object/public/blog-images/a.jpg?token=x",
      "https://abc.supabase.co/storage/v1/object/authenticated/blog-images/a.jpg",
      "//abc.supabase.co/storage/v1/object/public/blog-images/a.jpg",
      "/storage/v1/object/public/blog-images/a b.jpg",
      "/storage/v1/object/public/blog-images/a,1.jpg",
      "javascript:alert(1)//storage/v1/object/public/blog-images/a.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
      "storage/v1/object/public/blog-images/a.jpg",
    ]) {
      expect(storedImageUrl(url), url).toBeNull();
      expect(responsiveImage(url, CARD_IMAGE), url).toEqual({ src: url });
    }
  });
});

describe("responsiveImage", () => {
  it("builds srcset over the candidate widths, sizes, and a middle-sized src", () => {
    const r = responsiveImage(HOSTED, CARD_IMAGE);
    expect(r.srcSet!.split(", ")).toEqual(
      [320, 480, 640, 960].map(
        (w) =>
          `https://abc.supabase.co/storage/v1/render/image/public/blog-images/1764000000000-dubai-marina.jpg?width=${w}&quality=70 ${w}w`,
      ),
    );
    expect(r.sizes).toBe(CARD_IMAGE.sizes);
    expect(r.src).toContain("?width=640&");
    expect(responsiveImage(HOSTED, ARTICLE_IMAGE).src).toContain("?width=960&");
    expect(responsiveImage(HOSTED, { widths: [320, 480, 640], sizes: "100vw" }).src).toContain("?width=480&");
  });

  it("only uses widths the render endpoint accepts", () => {
    for (const o of [CARD_IMAGE, ARTICLE_IMAGE, contentImageOptions(300), contentImageOptions(1000), contentImageOptions(null)]) {
      for (const w of o.widths) expect(IMAGE_WIDTHS).toContain(w);
      expect(IMAGE_WIDTHS).toContain(o.fallbackWidth);
    }
  });

  it("serves originals when the build turns transformations off (hosted Supabase without them)", () => {
    vi.stubEnv("VITE_SUPABASE_IMAGE_TRANSFORMS", "off");
    expect(responsiveImage(HOSTED, CARD_IMAGE)).toEqual({ src: HOSTED });
  });
});

describe("contentImageOptions", () => {
  it("stops at the first width covering twice a small image's own width, and never claims more than it", () => {
    expect(contentImageOptions(300)).toEqual({ widths: [320, 480, 640], sizes: "(min-width: 300px) 300px, 100vw", fallbackWidth: 320 });
    expect(contentImageOptions(500)).toMatchObject({ widths: [320, 480, 640, 960, 1280], fallbackWidth: 640 });
  });
  it("uses the article column for wide or unknown images", () => {
    expect(contentImageOptions(1600)).toBe(ARTICLE_IMAGE);
    expect(contentImageOptions(null)).toBe(ARTICLE_IMAGE);
    expect(contentImageOptions(Number.NaN)).toBe(ARTICLE_IMAGE);
  });
});

describe("shareImageUrl", () => {
  it("asks for a 1200 × 630 crop in the source's format for link previews", () => {
    expect(shareImageUrl(HOSTED)).toBe(
      "https://abc.supabase.co/storage/v1/render/image/public/blog-images/1764000000000-dubai-marina.jpg?width=1200&height=630&resize=cover&format=origin&quality=80",
    );
    expect(shareImageUrl("https://images.example.com/a.jpg")).toBe("https://images.example.com/a.jpg");
    vi.stubEnv("VITE_SUPABASE_IMAGE_TRANSFORMS", "off");
    expect(shareImageUrl(HOSTED)).toBe(HOSTED);
  });
});
