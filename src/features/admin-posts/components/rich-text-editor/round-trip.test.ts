import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { serverSanitizer } from "@/lib/sanitize.server";
import { editorPerTest } from "./editor.test-support";

/** The `content` of every seeded post: the fourth quoted value of each row. */
function seedContents(sql: string): string[] {
  const rows = sql.split(/\n\(\n/).slice(1);
  return rows.map((row) => {
    const values = [...row.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
    return values[3]!;
  });
}

/** The HTML without what the editor adds and that renders the same: dir="auto" and <li><p>…</p></li>. */
function normalise(html: string): string {
  return html.replace(/ dir="auto"/g, "").replace(/<li><p>((?:(?!<\/?p>).)*)<\/p><\/li>/g, "<li>$1</li>");
}

const open = editorPerTest();

describe("existing posts open in the editor without loss", () => {
  const contents = seedContents(readFileSync(resolve(process.cwd(), "supabase/seed.sql"), "utf8"));

  it("finds every seeded post", () => {
    expect(contents.length).toBeGreaterThanOrEqual(4);
    for (const c of contents) expect(c).toMatch(/^<(?:h2|p)>.*<\/(?:p|ul|ol)>$/);
  });

  it.each(contents.map((c, i) => [i, c]))("seed post %i round-trips", (_, content) => {
    const html = open(content).getHTML();
    expect(normalise(html)).toBe(content);
    // And again: what the editor saves opens unchanged.
    expect(open(html).getHTML()).toBe(html);
  });

  it("gives every block dir=auto and keeps a forced direction", () => {
    const html = open('<p>English</p><p dir="rtl">نص عربي</p><h2 dir="ltr">Title</h2><ul><li>بند</li></ul>').getHTML();
    expect(html).toBe(
      '<p dir="auto">English</p><p dir="rtl">نص عربي</p><h2 dir="ltr">Title</h2><ul dir="auto"><li dir="auto"><p dir="auto">بند</p></li></ul>',
    );
  });

  it("forces a block's direction with setBlockDirection", () => {
    const e = open("<p>one</p><p>two</p>");
    e.commands.setTextSelection(2);
    e.commands.setBlockDirection("rtl");
    expect(e.getHTML()).toBe('<p dir="rtl">one</p><p dir="auto">two</p>');
    e.commands.setBlockDirection("auto");
    expect(e.getHTML()).toBe('<p dir="auto">one</p><p dir="auto">two</p>');
  });

  it("keeps images with alt and size, links, rules, emphasis and quotes", () => {
    const content =
      '<p dir="auto">See <a href="https://example.com">this</a> and <strong>bold</strong> <em>it</em>.</p><img src="/storage/v1/object/public/blog-images/a.png" alt="A chart" width="800" height="450"><hr><blockquote dir="auto"><p dir="auto">Quote</p></blockquote>';
    expect(open(content).getHTML()).toBe(content);
  });

  it("drops links with unsafe addresses", () => {
    expect(open('<p><a href="javascript:alert(1)">x</a></p>').getHTML()).toBe('<p dir="auto">x</p>');
  });

  it("what the editor writes passes the article's sanitiser unchanged (directions, alt, size)", async () => {
    const sanitize = await serverSanitizer();
    const html = open(
      '<h2 dir="rtl">عنوان</h2><p>Mixed <a href="/contact">link</a></p><ol><li dir="ltr">one</li></ol><img src="/storage/v1/object/public/blog-images/a.png" alt="مخطط" width="800" height="450"><hr>',
    ).getHTML();
    const expected = html.replace('height="450">', 'height="450" loading="lazy" decoding="async">');
    expect(sanitize(html, { responsive: false })).toBe(expected);
    // Rendering gives the stored image its resized variants; saving a rendered copy stores the original again.
    const rendered = sanitize(html);
    expect(rendered).toContain('srcset="/storage/v1/render/image/public/blog-images/a.png?width=480&amp;quality=70 480w');
    // (with the list's direction the rendering resolved from its text: it reads the same).
    expect(sanitize(rendered, { responsive: false })).toBe(expected.replace('<ol dir="auto">', '<ol dir="ltr">'));
  });

  it("shows lists and quotes in their content's direction while storing dir=auto", () => {
    const e = open(
      '<ul><li>الرد خلال خمس دقائق</li><li>WhatsApp first</li></ul><ol><li>Reply</li></ol><blockquote><p>السرعة</p></blockquote><ul dir="ltr"><li>عربي</li></ul>',
    );
    const dom = e.view.dom;
    const dirs = (selector: string) => [...dom.querySelectorAll(selector)].map((el) => el.getAttribute("dir"));
    expect(dirs("ul, ol, blockquote")).toEqual(["rtl", "ltr", "rtl", "ltr"]);
    expect(dirs("li")).toEqual(["rtl", "ltr", "ltr", "rtl"]);
    expect(dirs("p")).toEqual(["auto", "auto", "auto", "auto", "auto"]);
    expect(e.getHTML()).toContain('<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li>');
    // Typing changes the shown direction: the English item becomes Arabic.
    e.commands.setContent("<ul><li>Reply</li></ul>");
    expect(dirs("ul, li")).toEqual(["ltr", "ltr"]);
    e.commands.setContent("<ul><li>رد</li></ul>");
    expect(dirs("ul, li")).toEqual(["rtl", "rtl"]);
  });
});
