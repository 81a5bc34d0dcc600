/**
 * Paste clean-up for the post editor (docs/product.md#admin-posts, "Content"). Google Docs, Word and web
 * pages put a lot around the text they copy: inline styles, classes, spans, fonts, the `<b style=
 * "font-weight:normal" id="docs-internal-guid-…">` wrapper of Google Docs, Word's `mso-` styles, `<o:p>`
 * and conditional comments, empty paragraphs. What the post keeps is its structure: headings (h2/h3, the
 * page title is the h1), paragraphs, bullet and numbered lists (Word's fake lists become real ones),
 * quotes, links (http(s), mailto, tel, relative), bold and italic, line breaks and rules, tables (header row,
 * spans), and a numbered list's numbering style (letters, Roman, Arabic letters: Word's `@list` formats,
 * Docs' per-item `list-style-type`, a page's `type` or style).
 *
 * Pure DOM work on a detached document: call it with the browser's `DOMParser` (or happy-dom's in tests).
 * The editor's own copy (ProseMirror marks it with `data-pm-slice`) keeps its block directions and images.
 */

import { type ListStyleType, listStyleOf, listStyleOfType } from "@/lib/list-style";

const BLOCK_TAGS = new Set(["P", "H2", "H3", "UL", "OL", "LI", "BLOCKQUOTE", "HR", "TABLE", "TR", "TD", "TH"]);
const INLINE_TAGS = new Set(["STRONG", "EM", "A", "BR"]);
/** Removed with everything inside. */
const DROP_TAGS = new Set([
  "SCRIPT",
  "STYLE",
  "META",
  "LINK",
  "TITLE",
  "HEAD",
  "NOSCRIPT",
  "TEMPLATE",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "SVG",
  "MATH",
  "FORM",
  "INPUT",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "CANVAS",
  "VIDEO",
  "AUDIO",
  "XML",
  "COLGROUP",
  "COL",
]);
/** Blocks of other sources that become paragraphs (their inline content is kept). */
const PARAGRAPH_LIKE = new Set([
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "HEADER",
  "FOOTER",
  "ASIDE",
  "FIGURE",
  "FIGCAPTION",
  "ADDRESS",
  "DD",
  "DT",
  "PRE",
  "CAPTION",
]);
const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/|#|\?|\.\.?\/)/i;

interface CleanOptions {
  /** A DOMParser (the browser's); tests pass happy-dom's. */
  parser?: DOMParser;
  /** Filled in: pictures whose data the paste does not carry (Word's `file:///` pictures, other sites'). */
  counts?: { droppedImages: number };
}

/** A picture carried in the paste itself (Google Docs and some pages): kept, for the editor to upload. */
export const PASTED_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

let droppedImages = 0;

/** The cleaned HTML for a paste. */
export function cleanPastedHtml(html: string, options: CleanOptions = {}): string {
  const parser = options.parser ?? new DOMParser();
  // Frames are dropped before parsing (a parsed document never loads them, but some DOMs try).
  const doc = parser.parseFromString(html.replace(/<iframe\b[\s\S]*?(?:<\/iframe>|$)/gi, ""), "text/html");
  const body = doc.body;
  const fromEditor = body.querySelector("[data-pm-slice]") !== null;
  droppedImages = 0;
  const formats = fromEditor ? new Map<string, string>() : wordListFormats(doc);
  removeComments(body, fromEditor);
  convertWordLists(body, formats);
  if (!fromEditor) {
    nestStrayLists(body);
    normalizeTables(body);
  }
  walk(body, fromEditor);
  removeEmptyBlocks(body);
  if (options.counts) options.counts.droppedImages = droppedImages;
  return body.innerHTML.trim();
}

/** Word's conditional comments; the list markers between `[if !supportLists]` and `[endif]` go too. */
function removeComments(root: HTMLElement, fromEditor: boolean) {
  if (fromEditor) return;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */);
  const comments: Comment[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) comments.push(n as Comment);
  for (const c of comments) {
    if (!c.parentNode) continue;
    if (/\[if\s+!supportLists\]/i.test(c.data)) {
      // Remove the siblings up to the matching [endif] comment: they are the typed list marker.
      // Word writes "1." or a Symbol-font bullet there: it says whether the list is numbered.
      let marker = "";
      let next = c.nextSibling;
      while (next && !(next.nodeType === 8 && /\[endif\]/i.test((next as Comment).data))) {
        const after = next.nextSibling;
        marker += next.textContent ?? "";
        next.parentNode?.removeChild(next);
        next = after;
      }
      next?.parentNode?.removeChild(next);
      const p = c.parentElement?.closest("p,h1,h2,h3,h4,h5,h6");
      if (p && !p.hasAttribute("data-list-marker")) p.setAttribute("data-list-marker", marker.trim());
    }
    c.parentNode?.removeChild(c);
  }
}

function styleOf(el: Element): string {
  return (el.getAttribute("style") ?? "").toLowerCase().replace(/\s+/g, "");
}

/** Word marks list paragraphs with `mso-list:l0 level1 lfo1` (and MsoListParagraph classes). */
function wordListLevel(el: Element): number | null {
  if (el.tagName !== "P" && !/^H[1-6]$/.test(el.tagName)) return null;
  const m = /mso-list:(?!ignore)[^;]*level(\d+)/.exec(styleOf(el));
  if (m) return Number(m[1]);
  return /MsoListParagraph/i.test(el.getAttribute("class") ?? "") ? 1 : null;
}

/** Ordered when Word's typed marker (kept in `mso-list` text or the paragraph's start) is a number or letter. */
function wordListOrdered(el: Element): boolean {
  const marker = el.getAttribute("data-list-marker") ?? "";
  return /^\s*(?:\(?[0-9]+|[a-z]|[ivxlc]+|[\u0660-\u0669]+|[\u0621-\u064a]+)[.)-]/i.test(marker);
}

/** Word's list id and level of a list paragraph (`mso-list:l1 level2 lfo3` → "l1:2"). */
function wordListKey(el: Element): string | null {
  const m = /mso-list:(l\d+)level(\d+)/.exec(styleOf(el));
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Word's number formats, from its style sheet: `@list l1:level1 {mso-level-number-format:alpha-lower;…}`. */
function wordListFormats(doc: Document): Map<string, string> {
  const formats = new Map<string, string>();
  for (const style of Array.from(doc.querySelectorAll("style"))) {
    const css = style.textContent ?? "";
    for (const m of css.matchAll(/@list\s+(l\d+):level(\d+)\s*\{([^}]*)\}/gi)) {
      const format = /mso-level-number-format:\s*([a-z-]+)/i.exec(m[3]!);
      formats.set(`${m[1]!.toLowerCase()}:${m[2]}`, format ? format[1]!.toLowerCase() : "decimal");
    }
  }
  return formats;
}

const WORD_FORMATS: Record<string, ListStyleType> = {
  "alpha-lower": "lower-alpha",
  "alpha-upper": "upper-alpha",
  "roman-lower": "lower-roman",
  "roman-upper": "upper-roman",
  "arabic-alpha": "arabic-alpha",
  "arabic-abjad": "arabic-abjad",
  "hindi-numbers": "arabic-indic",
  "arabic-indic": "arabic-indic",
};

/** A numbering style from the typed markers of a list's first items ("a.", "ii.", "أ.", "ب.", "ج."). */
function styleOfMarkers(markers: string[]): ListStyleType | null {
  const first = (markers[0] ?? "").trim().replace(/^\(/, "");
  const second = (markers[1] ?? "").trim().replace(/^\(/, "");
  if (/^[\u0621-\u064a]/.test(first)) return second.startsWith("ج") ? "arabic-abjad" : "arabic-alpha";
  if (/^[\u0660-\u0669]/.test(first)) return "arabic-indic";
  if (/^(?:i|ii|iii|iv|v)[.)]/.test(first) && !/^[b-h][.)]/.test(second)) return "lower-roman";
  if (/^(?:I|II|III|IV|V)[.)]/.test(first) && !/^[B-H][.)]/.test(second)) return "upper-roman";
  if (/^[a-z][.)]/.test(first)) return "lower-alpha";
  if (/^[A-Z][.)]/.test(first)) return "upper-alpha";
  return null;
}

/** Turns runs of Word list paragraphs into nested <ul>/<ol>. */
function convertWordLists(root: HTMLElement, formats: Map<string, string>) {
  const doc = root.ownerDocument;
  // Remember each Word list paragraph's typed marker before the markers are gone (already removed with
  // the conditional comments; some versions keep them in a span with `mso-list:Ignore`).
  for (const span of Array.from(root.querySelectorAll("span"))) {
    if (/mso-list:ignore/.test(styleOf(span))) {
      const p = span.closest("p");
      if (p && !p.hasAttribute("data-list-marker")) p.setAttribute("data-list-marker", span.textContent ?? "");
      span.remove();
    }
  }
  const paragraphs = Array.from(root.querySelectorAll("p")).filter((p) => wordListLevel(p) !== null);
  if (paragraphs.length === 0) return;
  let stack: { list: HTMLElement; level: number }[] = [];
  let previous: Element | null = null;
  for (const p of paragraphs) {
    const level = wordListLevel(p) ?? 1;
    const contiguous = previous !== null && nextElement(previous) === p;
    if (!contiguous) stack = [];
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || top.level < level) {
      const key = wordListKey(p);
      const format = key ? formats.get(key) : undefined;
      const ordered = format ? format !== "bullet" && format !== "image" : wordListOrdered(p);
      const list = doc.createElement(ordered ? "ol" : "ul");
      if (ordered) {
        // The list's own paragraphs at this level, for their typed markers.
        const markers = paragraphs
          .slice(paragraphs.indexOf(p))
          .filter((q) => wordListLevel(q) === level)
          .slice(0, 2)
          .map((q) => q.getAttribute("data-list-marker") ?? "");
        const listStyle = (format ? WORD_FORMATS[format] : undefined) ?? styleOfMarkers(markers);
        if (listStyle) list.setAttribute("style", `list-style-type:${listStyle}`);
      }
      if (top) {
        const lastItem = top.list.lastElementChild ?? top.list.appendChild(doc.createElement("li"));
        lastItem.appendChild(list);
      } else {
        p.parentNode?.insertBefore(list, p);
      }
      top = { list, level };
      stack.push(top);
    }
    const li = doc.createElement("li");
    while (p.firstChild) li.appendChild(p.firstChild);
    top.list.appendChild(li);
    // Keep `previous` comparable: put a placeholder where the paragraph was, removed below.
    const mark = doc.createElement("wasla-list-mark");
    p.replaceWith(mark);
    previous = mark;
  }
  for (const mark of Array.from(root.querySelectorAll("wasla-list-mark"))) mark.remove();
}

/** Google Docs nests a list as a sibling of the items (`<ol><li>…</li><ol>…</ol></ol>`): into the item before it. */
function nestStrayLists(root: HTMLElement) {
  for (const list of Array.from(root.querySelectorAll("ul > ul, ul > ol, ol > ul, ol > ol"))) {
    const previous = list.previousElementSibling;
    if (previous?.tagName === "LI") previous.appendChild(list);
    else {
      const li = list.ownerDocument.createElement("li");
      list.replaceWith(li);
      li.appendChild(list);
    }
  }
}

/** Every text of a cell is bold (a header row written as bold text, as Google Docs and many Word tables do). */
function allBold(cell: Element): boolean {
  const doc = cell.ownerDocument;
  const walker = doc.createTreeWalker(cell, 4 /* NodeFilter.SHOW_TEXT */);
  let any = false;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.textContent ?? "").trim()) continue;
    any = true;
    let bold = false;
    for (let el = n.parentElement; el && el !== cell.parentElement; el = el.parentElement) {
      const { bold: styled, notBold } = emphasisOf(el);
      if (notBold && !styled) break;
      if (styled || ((el.tagName === "B" || el.tagName === "STRONG") && !notBold) || el.tagName === "TH") {
        bold = true;
        break;
      }
    }
    if (!bold) return false;
  }
  return any;
}

/**
 * Tables as the editor holds them: rows straight in the table (thead, tbody and tfoot unwrapped), the header
 * row's cells as <th> (a row of <thead>, Word's repeated header row `mso-yfti-lastfirstrow`, or a first row
 * whose every cell is bold), a caption as a paragraph before the table; a table of one cell (page layout)
 * is only its content.
 */
function normalizeTables(root: HTMLElement) {
  const doc = root.ownerDocument;
  for (const table of Array.from(root.querySelectorAll("table")).reverse()) {
    const rows = Array.from(table.querySelectorAll("tr")).filter((tr) => tr.closest("table") === table);
    const cells = rows.flatMap((tr) => Array.from(tr.children).filter((c) => c.tagName === "TD" || c.tagName === "TH"));
    if (cells.length <= 1) {
      const only = cells[0];
      const wrapper = doc.createElement("div");
      while (only?.firstChild) wrapper.appendChild(only.firstChild);
      table.replaceWith(wrapper);
      continue;
    }
    const first = rows[0];
    const headerRow =
      first &&
      rows.length > 1 &&
      (first.parentElement?.tagName === "THEAD" ||
        /mso-yfti-lastfirstrow:yes/.test(styleOf(first)) ||
        Array.from(first.children).every((c) => c.tagName === "TH" || allBold(c)));
    for (const tr of rows) {
      for (const c of Array.from(tr.children)) {
        if (c.tagName === "TH" && !(headerRow && tr === first)) {
          // A header cell outside the header row (a row's label) stays a header cell.
          continue;
        }
        if (headerRow && tr === first && c.tagName === "TD") rename(c, "th");
      }
    }
    for (const section of Array.from(table.children).filter((c) => ["THEAD", "TBODY", "TFOOT"].includes(c.tagName))) unwrap(section);
    const caption = Array.from(table.children).find((c) => c.tagName === "CAPTION");
    if (caption) {
      const p = doc.createElement("p");
      while (caption.firstChild) p.appendChild(caption.firstChild);
      table.before(p);
      caption.remove();
    }
  }
}

function nextElement(el: Element): Element | null {
  let n = el.nextSibling;
  while (n && (n.nodeType === 8 || (n.nodeType === 3 && !(n.textContent ?? "").trim()))) n = n.nextSibling;
  return n && n.nodeType === 1 ? (n as Element) : null;
}

/** Google Docs' redirect links (`https://www.google.com/url?q=…`) point to their real target. */
function realHref(href: string): string {
  try {
    const url = new URL(href);
    if (/^(?:www\.)?google\.[a-z.]+$/.test(url.hostname) && url.pathname === "/url") return url.searchParams.get("q") ?? href;
  } catch {
    // relative or malformed: kept as written (checked below)
  }
  return href;
}

function unwrap(el: Element) {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

function rename(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag);
  while (el.firstChild) next.appendChild(el.firstChild);
  el.replaceWith(next);
  return next;
}

/** Bold or italic as Google Docs and web pages write them: in a span's style. */
function emphasisOf(el: Element): { bold: boolean; italic: boolean; notBold: boolean } {
  const style = `;${styleOf(el)}`;
  const weight = /;font-weight:(bold|bolder|[5-9]00)/.test(style);
  const notBold = /;font-weight:(normal|lighter|[1-4]00)/.test(style);
  return { bold: weight, italic: /;font-style:italic/.test(style), notBold };
}

function walk(parent: Element, fromEditor: boolean) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === 3) continue;
    if (node.nodeType !== 1) {
      parent.removeChild(node);
      continue;
    }
    let el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (DROP_TAGS.has(tag) || tag === "O:P") {
      // O:P is Word's empty-paragraph filler
      el.remove();
      continue;
    }
    if (tag.includes(":")) {
      // Word's smart tags (<st1:place>Dubai</st1:place>) hold text
      walk(el, fromEditor);
      unwrap(el);
      continue;
    }
    // Emphasis written as style (Google Docs spans, the Docs <b style="font-weight:normal"> wrapper).
    const { bold, italic, notBold } = emphasisOf(el);
    // Bold inside a heading or a header cell says nothing more.
    const insideHeading = el.closest("h1,h2,h3,h4,h5,h6,th") !== null;
    if (tag === "B" || tag === "STRONG") {
      if (notBold || insideHeading) {
        walk(el, fromEditor);
        unwrap(el);
        continue;
      }
      el = rename(el, "strong");
    } else if (tag === "I" || tag === "EM" || tag === "CITE" || tag === "DFN") {
      el = tag === "EM" && !el.attributes.length ? el : rename(el, "em");
    } else if (
      tag === "SPAN" ||
      tag === "FONT" ||
      tag === "U" ||
      tag === "S" ||
      tag === "SMALL" ||
      tag === "MARK" ||
      tag === "SUB" ||
      tag === "SUP" ||
      tag === "CODE" ||
      tag === "KBD" ||
      tag === "ABBR" ||
      tag === "TIME" ||
      tag === "LABEL" ||
      tag === "INS" ||
      tag === "DEL" ||
      tag === "Q"
    ) {
      walk(el, fromEditor);
      const wrapBold = bold && !insideHeading;
      if (wrapBold || italic) {
        const doc = el.ownerDocument;
        let inner: Element = doc.createElement(wrapBold ? "strong" : "em");
        const outer = inner;
        if (wrapBold && italic) inner = inner.appendChild(doc.createElement("em"));
        while (el.firstChild) inner.appendChild(el.firstChild);
        el.replaceWith(outer);
      } else {
        unwrap(el);
      }
      continue;
    } else if (tag === "H1") {
      el = rename(el, "h2");
    } else if (tag === "H4" || tag === "H5" || tag === "H6") {
      el = rename(el, "h3");
    } else if (tag === "IMG") {
      const src = (el.getAttribute("src") ?? "").trim();
      const carried = PASTED_DATA_IMAGE.test(src);
      if (!carried && (!fromEditor || !/^(?:https?:\/\/|\/)/i.test(src))) {
        droppedImages++;
        el.remove();
        continue;
      }
    } else if (tag === "TBODY" || tag === "THEAD" || tag === "TFOOT" || tag === "DL" || tag === "CENTER" || tag === "NAV") {
      walk(el, fromEditor);
      unwrap(el);
      continue;
    } else if (PARAGRAPH_LIKE.has(tag)) {
      // A div that holds blocks is only a wrapper; one that holds text is a paragraph.
      const hasBlocks = Array.from(el.children).some(
        (c) => BLOCK_TAGS.has(c.tagName) || PARAGRAPH_LIKE.has(c.tagName) || /^H[1-6]$/.test(c.tagName) || c.tagName === "TABLE",
      );
      if (hasBlocks || el.closest("li,p,h2,h3") !== null) {
        walk(el, fromEditor);
        unwrap(el);
        continue;
      }
      el = rename(el, "p");
    } else if (!BLOCK_TAGS.has(tag) && !INLINE_TAGS.has(tag)) {
      walk(el, fromEditor);
      unwrap(el);
      continue;
    }
    cleanAttributes(el, fromEditor);
    walk(el, fromEditor);
    // Google Docs writes list items as <li><p role="presentation">…</p></li>: the paragraph is only layout.
    if (el.tagName === "LI" && el.children.length === 1 && el.firstElementChild?.tagName === "P" && el.childNodes.length === 1)
      unwrap(el.firstElementChild);
    // A link with an unsafe or missing address keeps its text only.
    if (el.tagName === "A" && !el.hasAttribute("href")) unwrap(el);
  }
}

function cleanAttributes(el: Element, fromEditor: boolean) {
  const keep: Record<string, string> = {};
  if (el.tagName === "A") {
    const href = realHref((el.getAttribute("href") ?? "").trim());
    if (SAFE_HREF.test(href)) keep.href = href;
  }
  if (el.tagName === "IMG") {
    for (const name of ["src", "alt", "width", "height"]) {
      const v = el.getAttribute(name);
      if (v !== null) keep[name] = v;
    }
  }
  if (el.tagName === "OL") {
    const start = el.getAttribute("start");
    if (start && /^\d+$/.test(start) && start !== "1") keep.start = start;
    // Google Docs writes the numbering style on each item, web pages on the list or as `type`.
    const firstItem = Array.from(el.children).find((c) => c.tagName === "LI");
    const listStyle =
      listStyleOf(el.getAttribute("style")) ?? listStyleOfType(el.getAttribute("type")) ?? listStyleOf(firstItem?.getAttribute("style"));
    if (listStyle && listStyle !== "decimal") keep.style = `list-style-type: ${listStyle}`;
  }
  if (el.tagName === "TD" || el.tagName === "TH") {
    for (const name of ["colspan", "rowspan"]) {
      const v = Number(el.getAttribute(name));
      if (Number.isInteger(v) && v > 1 && v <= 50) keep[name] = String(v);
    }
  }
  if (fromEditor) {
    const dir = el.getAttribute("dir");
    if (dir === "rtl" || dir === "ltr" || dir === "auto") keep.dir = dir;
  }
  for (const attr of Array.from(el.attributes)) el.removeAttribute(attr.name);
  for (const [name, value] of Object.entries(keep)) el.setAttribute(name, value);
}

/** Paragraphs and headings with nothing but spaces or line breaks (Word's `&nbsp;`, Docs' `<br>`). */
function removeEmptyBlocks(root: HTMLElement) {
  for (const el of Array.from(root.querySelectorAll("p,h2,h3,li,blockquote,ul,ol,strong,em,a")).reverse()) {
    if (el.querySelector("img,hr")) continue;
    const text = (el.textContent ?? "").replace(/\s|\u00a0|\u200b|\u200c|\u200d|\u200e|\u200f|\ufeff/g, "");
    if (text === "") el.remove();
  }
  // Line breaks at the start or end of a block are leftovers of removed markup.
  for (const br of Array.from(root.querySelectorAll("br"))) {
    const parent = br.parentElement;
    if (!parent || parent === root) {
      br.remove();
      continue;
    }
    if (!hasTextSibling(br, "previous") || !hasTextSibling(br, "next")) br.remove();
  }
}

function hasTextSibling(node: Node, side: "previous" | "next"): boolean {
  let n = side === "previous" ? node.previousSibling : node.nextSibling;
  while (n) {
    if (n.nodeType === 1 && (n as Element).tagName !== "BR") return true;
    if (n.nodeType === 3 && (n.textContent ?? "").trim()) return true;
    n = side === "previous" ? n.previousSibling : n.nextSibling;
  }
  return false;
}
