/**
 * The site's Emotion cache (server render, hydration, the shared stylesheet's generator): the same
 * key and the same CSS output everywhere.
 *
 * Emotion's default stylis plugin adds vendor-prefixed copies of flexbox, transform, appearance,
 * placeholder and keyframes rules for browsers from before 2015 (`-ms-flexbox`, `-webkit-box`,
 * `@-webkit-keyframes`…): about 15 % of the CSS a page inlined. The browsers the build targets (Vite's
 * "baseline widely available": Chrome/Edge 107+, Firefox 104+, Safari 16+) need none of them, so the
 * cache keeps only the prefixes Safari 16–17 still needs.
 */
import createCache, { type EmotionCache, type StylisElement, type StylisPlugin } from "@emotion/cache";

/** Properties Safari 16/17 knows only with `-webkit-` (background-clip only for `text`). */
const WEBKIT_ONLY = /^(backdrop-filter|user-select|text-size-adjust|box-decoration-break)$/;

/** A stylis plugin (runs where Emotion's `prefixer` would) that adds `-webkit-` where Safari needs it. */
function safariPrefixer(element: StylisElement): void {
  if (element.type !== "decl" || element.return) return;
  const prop = String(element.props);
  const needed = WEBKIT_ONLY.test(prop) || (prop === "background-clip" && String(element.children).trim() === "text");
  if (needed) element.return = `-webkit-${element.value}${element.value}`;
}

/** One array for every cache: Emotion's server keeps its compiled-rules cache per plugin array (by identity). */
const stylisPlugins: StylisPlugin[] = [safariPrefixer];

export function createAppCache(): EmotionCache {
  return createCache({ key: "css", stylisPlugins });
}
