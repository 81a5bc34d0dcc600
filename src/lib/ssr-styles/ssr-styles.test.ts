import { afterEach, describe, expect, it } from "vitest";
import { adoptServerStyles, compactCss, hasServerGlobalStyles, sharedStatements, ssrStyleTags } from "./ssr-styles";

const chunks = [
  { key: "css-global", ids: ["g1"], css: "@layer reset,base;" },
  { key: "css-global", ids: ["kf"], css: "@keyframes kf{from{opacity:0}}" },
  { key: "css", ids: ["a1", "b2"], css: ".css-a1{color:red}.css-b2{color:blue}" },
];

afterEach(() => {
  document.head.innerHTML = "";
});

describe("ssrStyleTags", () => {
  it("writes the global styles first, then the component styles, without Emotion's attribute", () => {
    const tags = ssrStyleTags(chunks);
    expect(tags).toBe(
      '<style data-ssr-global="g1 kf">@layer reset,base;@keyframes kf{from{opacity:0}}</style>' +
        '<style data-ssr-css="a1 b2">.css-a1{color:red}.css-b2{color:blue}</style>',
    );
    expect(tags).not.toContain("data-emotion");
  });

  it("writes no global tag when the page has no global styles (they are in the shared stylesheet)", () => {
    expect(ssrStyleTags(chunks.slice(2))).toBe('<style data-ssr-css="a1 b2">.css-a1{color:red}.css-b2{color:blue}</style>');
  });

  it("leaves out the statements the shared stylesheet holds, but still lists their ids", () => {
    const shared = sharedStatements(
      "/* generated */\n@layer reset{a{color:inherit}}\n.css-a1{color:red}@media (min-width:1px){.css-b2{gap:0}}\n",
    );
    const page = { key: "css", ids: ["a1", "b2"], css: ".css-a1{color:red}.css-b2{color:blue}@media (min-width:1px){.css-b2{gap:0}}" };
    expect(ssrStyleTags([page], shared)).toBe('<style data-ssr-css="a1 b2">.css-b2{color:blue}</style>');
  });
});

describe("compactCss", () => {
  const recipe = (id: string, extra = "") =>
    `@layer recipes{.css-${id}{display:flex;${extra}}.css-${id}:is(:hover, [data-hover]){color:red;}@media (min-width: 48rem){.css-${id}{gap:2px;}}}`;
  const palette = "--ck-colors-color-palette-50:var(--ck-colors-brand-50);--ck-colors-color-palette-fg:var(--ck-colors-brand-800)";

  it("writes a recipe block repeated for several classes once, for all of them", () => {
    const css = `.css-a{margin:0;}${recipe("a")}.css-b{margin:1px;}${recipe("b")}${recipe("c", "gap:1px;")}`;
    expect(compactCss(css)).toBe(
      `.css-a{margin:0;}@layer recipes{:is(.css-a,.css-b){display:flex;}:is(.css-a,.css-b):is(:hover, [data-hover]){color:red;}` +
        `@media (min-width: 48rem){:is(.css-a,.css-b){gap:2px;}}}.css-b{margin:1px;}${recipe("c", "gap:1px;")}`,
    );
  });

  it("leaves a class with two recipe blocks as it is", () => {
    const css = `${recipe("a")}${recipe("b", "gap:1px;")}${recipe("b")}`;
    expect(compactCss(css)).toBe(css);
  });

  it("writes a palette's properties once, before the first class that uses them", () => {
    const css = `.css-x{color:blue;}.css-a{${palette};color:red;}.css-b{padding:0;${palette};}`;
    expect(compactCss(css)).toBe(`.css-x{color:blue;}:is(.css-a,.css-b){${palette};}.css-a{color:red;}.css-b{padding:0;}`);
  });

  it("keeps the palette in a rule that also sets one of its properties", () => {
    const css = `.css-a{--ck-colors-color-palette-fg:red;${palette};}`;
    expect(compactCss(css)).toBe(css);
  });

  it("does not split rules inside quotes", () => {
    const css = `.css-a{content:"}{;";}.css-b{content:'{';}`;
    expect(compactCss(css)).toBe(css);
  });
});

describe("in the browser", () => {
  it("marks every server-written id as inserted, and only those", () => {
    document.head.innerHTML = ssrStyleTags(chunks);
    const inserted: Record<string, string | true | undefined> = {};
    expect(adoptServerStyles(inserted)).toBe(4);
    expect(inserted).toEqual({ g1: true, kf: true, a1: true, b2: true });
  });

  it("tells a server-rendered page (globals present) from a client-only one (Storybook, tests)", () => {
    expect(hasServerGlobalStyles()).toBe(false);
    document.head.innerHTML = ssrStyleTags(chunks);
    expect(hasServerGlobalStyles()).toBe(true);
  });

  it("counts the shared stylesheet's link as the page's global styles", () => {
    document.head.innerHTML = '<link rel="alternate" href="/assets/chakra-global.css" data-ssr-global="">';
    expect(hasServerGlobalStyles()).toBe(true);
    expect(adoptServerStyles({})).toBe(0);
  });
});
