/**
 * Server-rendered styles, handed over to the browser without moving them.
 *
 * Emotion's own SSR hand-over finds its `<style data-emotion>` tags at start-up and re-inserts them
 * into <head> (once per cache, and again for each global style), and Chakra's provider inserts its
 * global styles (reset, tokens) a second time. Every such move makes the browser drop and re-add a
 * 120 KB stylesheet and restyle the whole page, which on a phone is several long tasks right after
 * the first paint. Instead the server writes plain tags that Emotion never looks for, and the client
 * only marks their class names as inserted, so nothing in <head> changes during hydration.
 */

/** Attribute of the tag with the server's global styles (Chakra's reset, base and tokens). */
const SSR_GLOBAL_ATTR = "data-ssr-global";
/** Attribute of the tag with the page's component styles; its value lists their Emotion ids. */
const SSR_CSS_ATTR = "data-ssr-css";

interface StyleChunk {
  key: string;
  ids: string[];
  css: string;
}

/** The `<style>` tags for the chunks `@emotion/server`'s `extractCriticalToChunks` returns. */
export function ssrStyleTags(chunks: StyleChunk[]): string {
  const tag = (attr: string, of: StyleChunk[]) =>
    `<style ${attr}="${of.flatMap((c) => c.ids).join(" ")}">${of.map((c) => c.css).join("")}</style>`;
  const isGlobal = (c: StyleChunk) => c.key.endsWith("-global");
  return (
    tag(SSR_GLOBAL_ATTR, chunks.filter(isGlobal)) +
    tag(
      SSR_CSS_ATTR,
      chunks.filter((c) => !isGlobal(c)),
    )
  );
}

/** True in a browser page whose global styles the server already wrote. */
export function hasServerGlobalStyles(): boolean {
  return typeof document !== "undefined" && document.querySelector(`style[${SSR_GLOBAL_ATTR}]`) !== null;
}

/** Marks the server's component styles as present in an Emotion cache (so it does not insert them again). */
export function adoptServerStyles(inserted: Record<string, string | true | undefined>): number {
  let count = 0;
  for (const tag of document.querySelectorAll(`style[${SSR_CSS_ATTR}], style[${SSR_GLOBAL_ATTR}]`)) {
    const ids = tag.getAttribute(SSR_CSS_ATTR) ?? tag.getAttribute(SSR_GLOBAL_ATTR) ?? "";
    for (const id of ids.split(" ")) {
      if (!id) continue;
      inserted[id] = true;
      count++;
    }
  }
  return count;
}
