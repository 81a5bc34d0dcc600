/**
 * Paste that keeps structure (docs/admin-posts.md#paste): realistic clipboard HTML from Word (mso-list
 * paragraphs with their `@list` formats, conditional comments, MsoTableGrid tables), Google Docs (the
 * docs-internal-guid wrapper, per-item list-style-type, lists nested as siblings, tables in a div) and a
 * web page (thead, caption, colspan, `type` and styled lists, a layout table). Each is cleaned, opened in
 * the editor, saved as the editor saves (sanitised, `responsive: false`) and shown as the article shows it.
 */
import { describe, expect, it } from "vitest";
import { serverSanitizer } from "@/lib/sanitize.server";
import { cleanPastedHtml } from "./clean-pasted-html";
import { editorPerTest } from "./editor.test-support";
import { pastedTablesLists } from "./paste-fixtures.test-support";

const { googleDocs, webPage, word } = pastedTablesLists;

const clean = (html: string) => cleanPastedHtml(html).replace(/>\s+</g, "><");

const open = editorPerTest();
/** The HTML the editor stores for a paste (what `getHTML()` gives, without its `dir="auto"`). */
function throughEditor(html: string): string {
  return open(cleanPastedHtml(html))
    .getHTML()
    .replace(/ dir="auto"/g, "");
}

const WORD_TABLE =
  "<table><tr><th><p>Area</p></th><th><p>Average price (AED)</p></th></tr>" +
  "<tr><td><p>Dubai Marina</p></td><td><p>1,850,000</p></td></tr>" +
  '<tr><td colspan="2"><p><em>Source: DLD, Q3</em></p></td></tr></table>';
const ARABIC_TABLE =
  "<table><tr><th><p>المنطقة</p></th><th><p>العائد</p></th></tr><tr><td><p>قرية جميرا الدائرية</p></td><td><p>7.2%</p></td></tr></table>";

describe("paste that keeps structure", () => {
  it("Word: lettered, Roman and Arabic letter lists from its @list formats, nesting, and tables with their header row", () => {
    expect(clean(word)).toBe(
      "<p><strong>Steps before signing</strong></p>" +
        '<ol style="list-style-type: lower-alpha"><li>Check the developer' +
        '<ol style="list-style-type: lower-roman"><li>RERA registration</li><li>Past handovers</li></ol></li><li>Read the SPA</li></ol>' +
        '<ol style="list-style-type: arabic-alpha"><li>تحقق من المطوّر</li><li>اقرأ العقد</li></ol>' +
        "<ul><li>Fees<ol><li>DLD 4%</li><li>Agency 2%</li></ol></li></ul>" +
        WORD_TABLE +
        ARABIC_TABLE,
    );
  });

  it("Google Docs: per-item numbering styles, lists nested as siblings, bold first rows as header rows", () => {
    expect(clean(googleDocs)).toBe(
      "<p><strong>Checklist</strong></p>" +
        '<ol style="list-style-type: lower-alpha"><li><p>Check the developer</p>' +
        '<ol style="list-style-type: lower-roman"><li>RERA registration</li><li>Past handovers</li></ol></li><li>Read the SPA</li></ol>' +
        "<ul><li><p>الرسوم</p><ol><li>رسوم الدائرة 4%</li></ol></li></ul>" +
        "<table><tr><th><p>Area</p></th><th><p>Average price (AED)</p></th></tr><tr><td><p>Dubai Marina</p></td><td><p>1,850,000</p></td></tr></table>" +
        ARABIC_TABLE,
    );
  });

  it("web page: thead as the header row, the caption before the table, spans, `type` and styled lists; a layout table is its text", () => {
    expect(clean(webPage)).toBe(
      "<h3>Service charges by community</h3><p>Per square foot, 2026</p>" +
        "<table><tr><th>Community</th><th>Apartments</th><th>Villas</th></tr>" +
        "<tr><td>Downtown</td><td>AED 18</td><td>—</td></tr><tr><td>Arabian Ranches</td><td>—</td><td>AED 4</td></tr>" +
        '<tr><td colspan="3">Figures from <a href="https://dubailand.gov.ae/en/">DLD</a>.</td></tr></table>' +
        '<ol style="list-style-type: upper-alpha"><li>Ask for the statement</li><li>Compare with last year</li></ol>' +
        '<ol style="list-style-type: upper-roman"><li>Who sets the charge?</li><li>Can it go up?</li></ol>' +
        "<p>Subscribe to our newsletter.</p>",
    );
  });

  it("the editor holds tables (header cells, spans) and numbering styles as pasted", () => {
    const stored = throughEditor(word);
    expect(stored).toMatch(/<ol style="list-style-type: lower-alpha;?" type="a">/);
    expect(stored).toMatch(/<ol style="list-style-type: arabic-alpha;?">/);
    expect(stored).toContain(
      '<table><tbody><tr><th scope="col"><p>Area</p></th><th scope="col"><p>Average price (AED)</p></th></tr>' +
        '<tr><td><p>Dubai Marina</p></td><td><p>1,850,000</p></td></tr><tr><td colspan="2"><p><em>Source: DLD, Q3</em></p></td></tr></tbody></table>',
    );
    const web = throughEditor(webPage);
    expect(web).toContain('<td colspan="3"><p>Figures from <a href="https://dubailand.gov.ae/en/">DLD</a>.</p></td>');
    expect(web).toMatch(/<ol style="list-style-type: upper-roman;?" type="I">/);
  });

  it("saving keeps tables and the numbering style; the article shows an Arabic table right to left", async () => {
    const sanitize = await serverSanitizer();
    const editorHtml = open(cleanPastedHtml(word)).getHTML();
    const saved = sanitize(editorHtml, { responsive: false });
    expect(saved).toContain('<ol style="list-style-type: arabic-alpha" dir="auto">');
    expect(saved).toContain('<ol style="list-style-type: lower-alpha" dir="auto">');
    expect(saved).toContain('<td colspan="2">');
    expect(saved).toMatch(/<table dir="auto"><tbody><tr><th scope="col"><p dir="auto">Area<\/p><\/th>/);
    const shown = sanitize(saved);
    expect(shown).toMatch(/<table dir="ltr"><tbody><tr><th scope="col"><p dir="auto">Area/);
    expect(shown).toMatch(/<table dir="rtl"><tbody><tr><th scope="col"><p dir="auto">المنطقة/);
    expect(shown).toContain('<ol style="list-style-type: arabic-alpha" dir="rtl">');
  });

  it("the sanitiser keeps only a list's numbering style", async () => {
    const sanitize = await serverSanitizer();
    expect(sanitize('<ol style="list-style-type: lower-alpha; color: red">x</ol>')).toBe('<ol style="list-style-type: lower-alpha">x</ol>');
    expect(sanitize('<ol style="list-style-type: decimal">x</ol>')).toBe("<ol>x</ol>");
    expect(sanitize('<ol style="list-style-type: url(javascript:alert(1))">x</ol>')).toBe("<ol>x</ol>");
    expect(sanitize('<p style="list-style-type: lower-alpha">x</p>')).toBe("<p>x</p>");
    expect(sanitize('<ol style="background:url(https://evil.example/x)">x</ol>')).toBe("<ol>x</ol>");
  });

  it("counts the pictures a paste does not carry, and keeps those it carries for the editor to upload", () => {
    const counts = { droppedImages: 0 };
    cleanPastedHtml(word, { counts });
    expect(counts.droppedImages).toBe(1); // Word's file:/// picture
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const docs = `<b id="docs-internal-guid-1" style="font-weight:normal"><p><span><img src="${png}" width="1" height="1"></span></p><p><img src="https://example.com/x.png"></p><p><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></p></b>`;
    const cleaned = cleanPastedHtml(docs, { counts });
    expect(cleaned).toBe(`<p><img src="${png}" width="1" height="1"></p>`);
    expect(counts.droppedImages).toBe(2);
    // The editor takes the carried picture in (until it is uploaded).
    expect(open(cleaned).getHTML()).toContain(`<img src="${png}"`);
  });
});
