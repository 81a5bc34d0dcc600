/**
 * Inspects rendered article HTML for anything that could run script or escape the content area.
 * Self-contained (no imports, no closures) so Playwright can send it to the page with evaluate().
 */
export function findUnsafe(root: Element): string[] {
  const problems: string[] = [];
  const FORBIDDEN_TAGS = new Set([
    "script",
    "style",
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
    "noembed",
    "noframes",
    "isindex",
    "keygen",
    "video",
    "audio",
    "source",
    "details",
    "marquee",
    "body",
    "html",
    "head",
    "title",
    "image",
    "bgsound",
    "animate",
    "set",
    "foreignobject",
  ]);
  const URL_ATTRS = ["href", "src", "cite", "action", "formaction", "poster", "background", "data", "xlink:href", "dynsrc", "lowsrc"];
  const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
  const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,/i;
  for (const el of Array.from(root.querySelectorAll("*"))) {
    const tag = el.localName.toLowerCase();
    if (FORBIDDEN_TAGS.has(tag)) problems.push(`forbidden element <${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // eslint-disable-next-line no-control-regex -- browsers ignore these characters in URLs
      const value = attr.value.replace(/[\u0000-\u0020]/g, "");
      if (name.startsWith("on")) problems.push(`event handler ${name} on <${tag}>`);
      // A style only as the sanitiser writes it: a numbered list's numbering style (src/lib/list-style.ts).
      const isListStyle =
        name === "style" &&
        (tag === "ol" || tag === "ul") &&
        /^list-style-type: (?:lower-alpha|upper-alpha|lower-roman|upper-roman|arabic-indic|arabic-alpha|arabic-abjad)$/.test(attr.value);
      if (name === "style" && !isListStyle) problems.push(`style attribute on <${tag}>`);
      // srcset only as the sanitiser writes it: resized variants of a stored image (src/lib/responsive-image.ts).
      const isOwnSrcset =
        name === "srcset" &&
        tag === "img" &&
        attr.value
          .split(", ")
          .every((c) =>
            /^(?:https?:\/\/[^/\s,]+)?\/storage\/v1\/render\/image\/public\/blog-images\/[^\s,?#]+\?width=\d+&quality=\d+ \d+w$/i.test(c),
          );
      if ((name === "srcset" && !isOwnSrcset) || name === "srcdoc" || name === "ping" || name === "formaction")
        problems.push(`${name} on <${tag}>`);
      if (name === "id" || name === "name") problems.push(`${name}="${attr.value}" (DOM clobbering) on <${tag}>`);
      if (URL_ATTRS.includes(name)) {
        const isDataImage = tag === "img" && name === "src" && DATA_IMAGE.test(value);
        if (!isDataImage && !SAFE_URL.test(value)) problems.push(`unsafe URL ${name}="${attr.value}" on <${tag}>`);
        if (/^(?:javascript|vbscript|data):/i.test(value) && !isDataImage) problems.push(`script URL ${name} on <${tag}>`);
      }
    }
    if (tag === "a" && el.hasAttribute("href")) {
      const href = el.getAttribute("href") ?? "";
      let external = false;
      try {
        const u = new URL(href, document.baseURI);
        external = (u.protocol === "http:" || u.protocol === "https:") && u.origin !== window.location.origin;
      } catch {
        /* relative */
      }
      if (external) {
        const rel = (el.getAttribute("rel") ?? "").split(/\s+/);
        if (
          !rel.includes("noopener") ||
          !rel.includes("noreferrer") ||
          !rel.includes("nofollow") ||
          el.getAttribute("target") !== "_blank"
        ) {
          problems.push(`external link without target=_blank rel="noopener noreferrer nofollow": ${href}`);
        }
      } else if (el.hasAttribute("target")) {
        problems.push(`internal link with target: ${href}`);
      }
    }
  }
  return problems;
}
