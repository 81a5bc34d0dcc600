import { describe, expect, it } from "vitest";
import { cleanPastedHtml } from "./clean-pasted-html";
import { pasted } from "./paste-fixtures.test-support";

const { googleDocs, webPage, word } = pasted;

/** The cleaned HTML without the whitespace between blocks that the sources write. */
const clean = (html: string) => cleanPastedHtml(html).replace(/>\s+</g, "><");

/** Nothing of the sources' presentation may survive. */
function expectNoJunk(html: string) {
  expect(html).not.toMatch(/\sstyle=|\sclass=|\sid=|<span|<font|<b[\s>]|<i[\s>]|mso-|<o:p|<!--|docs-internal|<meta|<script|<iframe|<div/i);
  expect(html).not.toMatch(/<p>(?:\s|&nbsp;|<br>)*<\/p>/);
}

describe("cleanPastedHtml", () => {
  it("Google Docs: drops the <b> wrapper, spans and styles; keeps headings, lists, links, bold and italic", () => {
    const html = clean(googleDocs);
    expectNoJunk(html);
    expect(html).toBe(
      "<h2>Following up with Dubai buyers</h2>" +
        '<p>Most leads go cold in <strong>the first hour</strong>, and <em>speed</em> wins. See the <a href="https://www.dubailand.gov.ae/en/">Dubai Land Department</a>.</p>' +
        "<h2>ثلاث خطوات للمتابعة</h2>" +
        "<ul><li>الرد خلال خمس دقائق</li><li>اقتراح موعد للمعاينة</li></ul>" +
        "<ol><li>Call back</li></ol>",
    );
  });

  it("Word: turns mso-list paragraphs into real nested lists, numbered or not, and drops Word's markup", () => {
    const html = clean(word);
    expectNoJunk(html);
    expect(html).toBe(
      "<h2>Off-plan sales in 2026</h2>" +
        "<p>Developers in Dubai launched <strong>more projects</strong> than ever, and <em>payment plans</em> got longer.</p>" +
        "<ul><li>Ask for the payment plan<ul><li>Down payment</li></ul></li><li>Check the escrow account</li></ul>" +
        "<ol><li>Register the interest</li><li>Sign the SPA</li></ol>" +
        '<p>راجع <a href="https://www.dubailand.gov.ae/ar/">دائرة الأراضي والأملاك</a> قبل التوقيع.</p>',
    );
  });

  it("web page: keeps structure and safe links; drops scripts, frames, unsafe links, images from other sites", () => {
    const html = clean(webPage);
    expectNoJunk(html);
    expect(html).toBe(
      "<h2>Why speed matters</h2>" +
        "<p>Buyers contact <strong>three agencies</strong> on average. The first to answer usually gets the viewing.</p>" +
        '<ol start="3"><li>Reply by <em>WhatsApp</em></li><li>Call within five minutes</li><li>Email <a href="mailto:sales@example.com">sales@example.com</a></li></ol>' +
        "<blockquote><p>Speed to lead is the whole game.</p><em>A broker in Dubai Marina</em></blockquote>" +
        "<hr>" +
        '<p>Read more on <a href="/blog/other-post">our blog</a>.</p>',
    );
  });

  it("maps h1 to h2 and h4–h6 to h3 (the page title is the only h1)", () => {
    expect(clean("<h1>A</h1><h4>B</h4><h6>C</h6>")).toBe("<h2>A</h2><h3>B</h3><h3>C</h3>");
  });

  it("keeps the editor's own copy: block directions and images", () => {
    const own =
      '<p data-pm-slice="1 1 []" dir="rtl">نص</p><img src="/storage/v1/object/public/blog-images/a.png" alt="مخطط" width="800" height="450">';
    expect(clean(own)).toBe(
      '<p dir="rtl">نص</p><img src="/storage/v1/object/public/blog-images/a.png" alt="مخطط" width="800" height="450">',
    );
  });

  it("drops directions written by other sources (each block's direction follows its text)", () => {
    expect(clean('<p dir="ltr" style="text-align:left">Hello</p>')).toBe("<p>Hello</p>");
  });

  it("unwraps bold inside headings and empty emphasis", () => {
    expect(clean("<h2><strong>Title</strong></h2><p><strong> </strong>x</p>")).toBe("<h2>Title</h2><p>x</p>");
  });
});
