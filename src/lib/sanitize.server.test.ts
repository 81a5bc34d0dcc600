// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import type { SanitizeFn } from "./sanitize";
import { serverSanitizer } from "./sanitize.server";

const origin = "https://wasla.example";
let clean: SanitizeFn;
const s = (html: string) => clean(html, { origin });

describe("serverSanitizer", () => {
  beforeAll(async () => {
    clean = await serverSanitizer();
  });
  it("keeps the editor's structure", () => {
    const html =
      "<h2>Title</h2><p>Text <strong>bold</strong> <em>it</em></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>";
    expect(s(html)).toBe(html);
  });
  it("removes scripts, handlers and javascript: URLs", () => {
    expect(s("<p>a<script>alert(1)</script></p>")).toBe("<p>a</p>");
    expect(s('<img src="x" onerror="alert(1)">')).toBe('<img src="x" loading="lazy" decoding="async" alt="">');
    expect(s('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(s('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(s('<a href="vbscript:msgbox(1)">x</a>')).toBe("<a>x</a>");
    expect(s('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<a>x</a>");
  });
  it("removes style attributes and elements, forms, frames, svg", () => {
    expect(s('<p style="background:url(javascript:alert(1))">x</p>')).toBe("<p>x</p>");
    expect(s("<style>body{display:none}</style><p>x</p>")).toBe("<p>x</p>");
    expect(s('<form action="https://evil"><input name="a"><button>b</button></form>')).toBe("b");
    expect(s('<iframe src="https://evil"></iframe>x')).toBe("x");
    expect(s("<svg><script>alert(1)</script></svg>x")).toBe("x");
  });
  it("opens external links safely and leaves internal ones alone", () => {
    expect(s('<a href="https://other.example/x" target="_self">o</a>')).toBe(
      '<a href="https://other.example/x" target="_blank" rel="noopener noreferrer nofollow">o</a>',
    );
    expect(s('<a href="//other.example/x">o</a>')).toBe(
      '<a href="//other.example/x" target="_blank" rel="noopener noreferrer nofollow">o</a>',
    );
    expect(s('<a href="/blog" target="_blank" rel="opener">i</a>')).toBe('<a href="/blog">i</a>');
    expect(s('<a href="https://wasla.example/en/blog">i</a>')).toBe('<a href="https://wasla.example/en/blog">i</a>');
    expect(s('<a href="mailto:a@b.c">m</a>')).toBe('<a href="mailto:a@b.c">m</a>');
  });
  it("allows raster data: images only", () => {
    expect(s('<img src="data:image/png;base64,iVBORw0KGgo=" alt="a">')).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(s('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">')).not.toContain("src=");
    expect(s('<img src="data:text/html;base64,PHN2Zz4=" alt="a">')).not.toContain("src=");
  });
  it("drops data-, aria-, id and class attributes", () => {
    expect(s('<p id="x" class="y" data-z="1" aria-hidden="true" dir="rtl">t</p>')).toBe('<p dir="rtl">t</p>');
  });
  it("gives stored images responsive sources and never keeps a srcset from the input", () => {
    const stored = "https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.jpg";
    const out = s(`<img src="${stored}" alt="Marina" width="400" height="300" srcset="https://evil.example/x.jpg 1w" sizes="1px">`);
    expect(out).not.toContain("evil");
    expect(out).toContain('src="https://abc.supabase.co/storage/v1/render/image/public/blog-images/1-a.jpg?width=480&amp;quality=70"');
    expect(out).toContain(
      'srcset="https://abc.supabase.co/storage/v1/render/image/public/blog-images/1-a.jpg?width=320&amp;quality=70 320w, https://abc.supabase.co/storage/v1/render/image/public/blog-images/1-a.jpg?width=480&amp;quality=70 480w',
    );
    expect(out).toContain('sizes="(min-width: 400px) 400px, 100vw"');
    expect(out).toContain('width="400" height="300"');
    expect(out).toContain('loading="lazy"');
    // Idempotent: the browser sanitises the server's output again.
    expect(s(out)).toBe(out);
    // Other images keep their src and get no srcset.
    expect(s('<img src="https://images.example.com/a.jpg" srcset="https://evil.example/x.jpg 1w">')).toBe(
      '<img src="https://images.example.com/a.jpg" loading="lazy" decoding="async" alt="">',
    );
  });
});
