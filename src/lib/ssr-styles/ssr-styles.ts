/**
 * Server-rendered styles, handed over to the browser without moving them.
 *
 * Emotion's own SSR hand-over finds its `<style data-emotion>` tags at start-up and re-inserts them
 * into <head> (once per cache, and again for each global style), and Chakra's provider inserts its
 * global styles (reset, tokens) a second time. Every such move makes the browser drop and re-add a
 * 120 KB stylesheet and restyle the whole page, which on a phone is several long tasks right after
 * the first paint. Instead the server writes plain tags that Emotion never looks for, and the client
 * only marks their class names as inserted, so nothing in <head> changes during hydration.
 * Chakra's global styles are not written per page: root.tsx links them as one shared stylesheet.
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

/**
 * The `<style>` tags for the chunks `@emotion/server`'s `extractCriticalToChunks` returns: the global
 * styles (none when the page links the shared stylesheet instead, see `shared-css.ts`), then the
 * page's component styles, without the statements the shared stylesheet already holds (`shared`, see
 * `sharedStatements`), compacted (`compactCss`). The tag still lists every id the page uses, so the
 * browser's Emotion cache inserts none of them again.
 */
export function ssrStyleTags(chunks: StyleChunk[], shared: ReadonlySet<string> = new Set()): string {
  const isGlobal = (c: StyleChunk) => c.key.endsWith("-global");
  const ids = (of: StyleChunk[]) => of.flatMap((c) => c.ids).join(" ");
  const css = (of: StyleChunk[]) => of.map((c) => c.css).join("");
  const globals = chunks.filter(isGlobal);
  const components = chunks.filter((c) => !isGlobal(c));
  return (
    (globals.length ? `<style ${SSR_GLOBAL_ATTR}="${ids(globals)}">${css(globals)}</style>` : "") +
    `<style ${SSR_CSS_ATTR}="${ids(components)}">${compactCss(withoutShared(css(components), shared))}</style>`
  );
}

/** The statements of a stylesheet (the shared one, `src/app/shared.css`), for `ssrStyleTags` to leave out. */
export function sharedStatements(css: string): Set<string> {
  return new Set(statements(css).map((s) => s.trim()));
}

/** Emotion's statements minus those in `shared` (Emotion writes one class's rules identically every time). */
function withoutShared(css: string, shared: ReadonlySet<string>): string {
  return shared.size
    ? statements(css)
        .filter((s) => !shared.has(s))
        .join("")
    : css;
}

/** Top-level statements of minified CSS (`a{…}`, `@media …{…}`, `@layer a,b;`), quotes respected. */
export function statements(css: string): string[] {
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  let quote = "";
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (ch === ";" && depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < css.length) out.push(css.slice(start));
  return out;
}

const CLASS = /\.css-([a-z0-9]+)/g;
const classesIn = (css: string) => new Set([...css.matchAll(CLASS)].map((m) => m[1]));
const anyOf = (ids: string[]) => (ids.length === 1 ? `.css-${ids[0]}` : `:is(${ids.map((id) => `.css-${id}`).join(",")})`);
/** A palette's custom properties (`colorPalette="brand"` writes all 18 of them into the element's class). */
const PALETTE_DECL = /^--ck-colors-color-palette-[\w-]+:[^;]*$/;

/**
 * Emotion gives every element one class holding everything it needs, so the same recipe CSS (a button's
 * 2.4 KB, say) is written again for every element whose other style props differ, and every element
 * with a `colorPalette` carries that palette's 18 custom properties. This writes each such repeated
 * part once, for all the classes that use it:
 *
 * - a `@layer recipes{…}` block identical in all but its class is written once with `:is(.a,.b,…)`;
 * - a class's palette properties (in its plain `.css-x{…}` rule) move into one `:is(.a,.b,…){…}` rule,
 *   placed before the first of those classes' rules.
 *
 * The cascade is unchanged: `:is()` has the specificity of one class, each element carries a single
 * Emotion class, and a class's rules keep their order among themselves (a moved palette rule only moves
 * earlier than all of that class's rules, and is skipped when the class sets one of those properties
 * itself).
 */
export function compactCss(css: string): string {
  const parts: (string | { recipe: string; ids: string[] } | { palette: string; ids: string[] })[] = [];
  const recipes = new Map<string, { recipe: string; ids: string[] }>();
  const palettes = new Map<string, { palette: string; ids: string[] }>();
  const all = statements(css).map((statement) => {
    const classes = classesIn(statement);
    return { statement, id: classes.size === 1 ? [...classes][0] : undefined };
  });
  // A class with more than one recipe block keeps them where they are (merging one would reorder them).
  const recipeBlocks = new Map<string, number>();
  for (const { statement, id } of all)
    if (id && statement.startsWith("@layer recipes{")) recipeBlocks.set(id, (recipeBlocks.get(id) ?? 0) + 1);
  for (const { statement, id } of all) {
    if (id && recipeBlocks.get(id) === 1 && statement.startsWith("@layer recipes{")) {
      const recipe = statement.replaceAll(`.css-${id}`, "\u0000");
      const seen = recipes.get(recipe);
      if (seen) seen.ids.push(id);
      else {
        const entry = { recipe, ids: [id] };
        recipes.set(recipe, entry);
        parts.push(entry);
      }
      continue;
    }
    const plain = id && statement.startsWith(`.css-${id}{`) && statement.indexOf("{") === statement.lastIndexOf("{");
    if (plain) {
      const decls = statement.slice(`.css-${id}{`.length, -1).split(";").filter(Boolean);
      const palette = decls.filter((d) => PALETTE_DECL.test(d));
      const rest = decls.filter((d) => !PALETTE_DECL.test(d));
      const props = new Set(palette.map((d) => d.slice(0, d.indexOf(":"))));
      if (palette.length && !rest.some((d) => props.has(d.slice(0, d.indexOf(":"))))) {
        const key = palette.join(";");
        const seen = palettes.get(key);
        if (seen) seen.ids.push(id);
        else {
          const entry = { palette: key, ids: [id] };
          palettes.set(key, entry);
          parts.push(entry);
        }
        if (rest.length) parts.push(`.css-${id}{${rest.join(";")};}`);
        continue;
      }
    }
    parts.push(statement);
  }
  return parts
    .map((p) => {
      if (typeof p === "string") return p;
      if ("recipe" in p) return p.recipe.replaceAll("\u0000", anyOf(p.ids));
      return `${anyOf(p.ids)}{${p.palette};}`;
    })
    .join("");
}

/**
 * True where the document already carries Chakra's global styles: on the server (every page links the
 * shared stylesheet, `src/app/shared.css`) and in a browser page the server
 * rendered. False in Storybook and component tests, which get them from Chakra's provider.
 */
export function hasServerGlobalStyles(): boolean {
  return typeof document === "undefined" || document.querySelector(`[${SSR_GLOBAL_ATTR}]`) !== null;
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
