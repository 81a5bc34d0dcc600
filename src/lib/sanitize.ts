/**
 * The one configuration for rendering blog HTML (docs/product.md#article). DOMPurify with an
 * allow-list: text structure, lists, tables, links and images only.
 * No script, no event handler, no style (element, or attribute other than a list's numbering style), no form, no frame, no SVG/MathML,
 * no `javascript:`/`data:` URL except raster `data:image/…` on <img>. Links that leave the site open
 * in a new tab with rel="noopener noreferrer nofollow"; images load lazily.
 *
 * This module runs in the browser (it uses the page's `window`). On the server use
 * `sanitize.server.ts`, which gives DOMPurify a jsdom window: jsdom never reaches the client bundle.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from "dompurify";
import { resolveContainerDirection } from "./content-direction.ts";
import { listStyleOf } from "./list-style.ts";
import { contentImageOptions, responsiveImage, storedImageUrl } from "./responsive-image.ts";

const ALLOWED_TAGS = [
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "caption",
  "cite",
  "code",
  "dd",
  "del",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "s",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
];

const ALLOWED_ATTR = [
  "href",
  "title",
  "alt",
  "src",
  "width",
  "height",
  "colspan",
  "rowspan",
  "scope",
  "dir",
  "lang",
  "datetime",
  "cite",
  "start",
  "reversed",
  // Only `list-style-type` of a list, one of @/lib/list-style (see the hook below).
  "style",
];

/** http(s), mailto, tel and relative URLs; nothing else (no javascript:, vbscript:, data: …). */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The raster images that may be inlined as data: URLs in <img src>. */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;

const SANITIZE_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
  KEEP_CONTENT: true,
  FORBID_TAGS: [
    "style",
    "script",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "option",
    "svg",
    "math",
    "link",
    "meta",
    "base",
    "template",
    "noscript",
    "xmp",
    "plaintext",
    "noembed",
    "noframes",
  ],
  FORBID_ATTR: ["srcset", "formaction", "xlink:href", "action", "background", "ping"],
  ADD_DATA_URI_TAGS: [],
};

interface SanitizeOptions {
  /** The site's origin ("https://example.com"): links to other hosts count as leaving the site. */
  origin?: string;
  /**
   * Rendering (the default) gives stored images resized variants (`srcset`). Saving passes false:
   * the stored HTML keeps each image's canonical public URL (a render URL is turned back into it),
   * so what is stored does not depend on the renderer's widths and the editor reopens originals.
   */
  responsive?: boolean;
  /**
   * Rendering (the default, like `responsive`) gives lists, list items and quotes stored with `dir="auto"`
   * the direction of their content (`content-direction.ts`), so an Arabic list has its bullets on the
   * right, also in posts stored before. Saving keeps `dir="auto"` (the editor's "Direction from the text").
   */
  directions?: boolean;
}

export type SanitizeFn = (html: string, options?: SanitizeOptions) => string;

/** Wraps a DOMPurify instance (browser window or jsdom window) with our configuration and hooks. */
export function createSanitizer(purify: Purifier): SanitizeFn {
  let origin = "http://localhost";
  let responsiveImages = true;
  let directions = true;
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    if (data.attrName === "style") {
      const listStyle = node.nodeName === "OL" || node.nodeName === "UL" ? listStyleOf(data.attrValue) : null;
      if (listStyle && listStyle !== "decimal") {
        data.attrValue = `list-style-type: ${listStyle}`;
      } else data.keepAttr = false;
      return;
    }
    if (data.attrName === "src") {
      const v = data.attrValue.trim();
      if (/^data:/i.test(v)) {
        if (!(node.nodeName === "IMG" && DATA_IMAGE.test(v))) data.keepAttr = false;
      }
    }
  });
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (directions && node.nodeType === 1) resolveContainerDirection(node);
    if (node.nodeName === "A" && node.hasAttribute("href")) {
      const href = node.getAttribute("href") ?? "";
      let external = false;
      try {
        const url = new URL(href, origin);
        external = (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(origin).origin;
      } catch {
        node.removeAttribute("href");
      }
      if (external) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer nofollow");
      } else {
        node.removeAttribute("target");
        node.removeAttribute("rel");
      }
    }
    if (node.nodeName === "IMG") {
      if (!node.getAttribute("src")?.trim()) node.removeAttribute("src");
      node.setAttribute("loading", "lazy");
      node.setAttribute("decoding", "async");
      if (!node.hasAttribute("alt")) node.setAttribute("alt", "");
      // Stored images get resized variants in modern formats (srcset from input is never kept).
      const src = node.getAttribute("src");
      if (!responsiveImages) {
        const stored = src ? storedImageUrl(src) : null;
        if (stored) node.setAttribute("src", stored);
        return;
      }
      const responsive = src ? responsiveImage(src, contentImageOptions(Number(node.getAttribute("width")) || null)) : null;
      if (responsive?.srcSet) {
        node.setAttribute("src", responsive.src);
        node.setAttribute("srcset", responsive.srcSet);
        node.setAttribute("sizes", responsive.sizes!);
      }
    }
  });
  return (html, options) => {
    origin = options?.origin ?? "http://localhost";
    responsiveImages = options?.responsive ?? true;
    directions = options?.directions ?? options?.responsive ?? true;
    try {
      return purify.sanitize(html, {
        ...SANITIZE_CONFIG,
        RETURN_DOM: false,
        RETURN_DOM_FRAGMENT: false,
        RETURN_TRUSTED_TYPE: false,
      }) as string;
    } finally {
      origin = "http://localhost";
      responsiveImages = true;
      directions = true;
    }
  };
}

let browserSanitizer: SanitizeFn | null = null;

/** Sanitises in the browser. On the server it throws: use `sanitize.server.ts` there. */
export function sanitizeHtml(html: string, options?: SanitizeOptions): string {
  if (typeof window === "undefined") throw new Error("sanitizeHtml runs in the browser; use sanitizeHtmlOnServer");
  if (!browserSanitizer) browserSanitizer = createSanitizer(DOMPurify(window));
  return browserSanitizer(html, { ...options, origin: options?.origin ?? window.location.origin });
}
