/**
 * The direction of a post's blocks from their own text (docs/product.md#admin-posts, "Content").
 *
 * The editor stores every block with `dir="auto"`, lists and quotes included:
 * `<ul dir="auto"><li dir="auto"><p dir="auto">…</p></li></ul>`. A browser resolves `dir="auto"` from the
 * element's own text only, skipping every descendant that carries a `dir` itself; the inner `<p>` does, so
 * the list and its items find no text and fall back to left to right (bullets and numbers at the far left
 * of an Arabic list). Containers (lists, list items, quotes) are therefore given the direction of their
 * content's first strong letter when the content is shown: by the sanitiser on the article, the preview and
 * the feed, and by a decoration in the editor. What is stored keeps `dir="auto"`.
 */

type Direction = "rtl" | "ltr";

/** Letters of the right-to-left scripts (Unicode bidi classes R and AL). */
const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;

/** The direction of the first strong letter of `text` (digits and punctuation are weak), or null. */
export function textDirection(text: string): Direction | null {
  const letter = /\p{L}/u.exec(text);
  if (!letter) return null;
  return RTL_LETTER.test(letter[0]) ? "rtl" : "ltr";
}

/** The container elements whose `dir="auto"` is resolved from their content. */
const DIRECTED_CONTAINERS = new Set(["UL", "OL", "LI", "BLOCKQUOTE", "TABLE"]);

function explicitDirection(value: string | null | undefined): Direction | null {
  const v = value?.trim().toLowerCase();
  return v === "rtl" || v === "ltr" ? v : null;
}

/**
 * The direction of an element's content: the first strong letter in tree order, or the direction a block
 * forces (`dir="rtl"` / `dir="ltr"` on a descendant with text) when it comes first. Null when there is none.
 */
function elementContentDirection(element: Element): Direction | null {
  for (const child of Array.from(element.childNodes)) {
    if (child.nodeType === 3) {
      const d = textDirection(child.nodeValue ?? "");
      if (d) return d;
    } else if (child.nodeType === 1) {
      const el = child as Element;
      const forced = explicitDirection(el.getAttribute("dir"));
      if (forced) {
        if (textDirection(el.textContent ?? "")) return forced;
        continue;
      }
      const d = elementContentDirection(el);
      if (d) return d;
    }
  }
  return null;
}

/**
 * Gives a list, list item, quote or table stored with `dir="auto"` the direction of its content (left alone when
 * it has no letter: the browser's own resolution is as good). Returns whether the element changed.
 */
export function resolveContainerDirection(element: Element): boolean {
  if (!DIRECTED_CONTAINERS.has(element.nodeName.toUpperCase())) return false;
  if (element.getAttribute("dir")?.trim().toLowerCase() !== "auto") return false;
  const d = elementContentDirection(element);
  if (!d) return false;
  element.setAttribute("dir", d);
  return true;
}

/** What `elementContentDirection` needs of a ProseMirror node (kept structural: no editor import here). */
interface ContentNode {
  isText: boolean;
  text?: string | null;
  textContent: string;
  attrs: Record<string, unknown>;
  forEach(f: (child: ContentNode) => void): void;
}

/** `elementContentDirection` for an editor (ProseMirror) node. */
export function nodeContentDirection(node: ContentNode): Direction | null {
  let result: Direction | null = null;
  node.forEach((child) => {
    if (result) return;
    if (child.isText) {
      result = textDirection(child.text ?? "");
      return;
    }
    const forced = explicitDirection(typeof child.attrs.dir === "string" ? child.attrs.dir : null);
    if (forced) {
      if (textDirection(child.textContent)) result = forced;
      return;
    }
    result = nodeContentDirection(child);
  });
  return result;
}
