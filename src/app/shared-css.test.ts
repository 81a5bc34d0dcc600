// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FALLBACK_FACES_CSS } from "./fonts";
import { sharedStatements, ssrStyleTags } from "@/lib/ssr-styles/ssr-styles";
import { renderFrameCss, renderSharedCss } from "./shared-css";

describe("shared.css", () => {
  it("is what the theme, the site frame and fonts.ts give now (after changing them, or Chakra, run `node scripts/chakra-css.mjs`)", async () => {
    expect(readFileSync(new URL("./shared.css", import.meta.url), "utf8")).toBe(await renderSharedCss());
  });

  it("holds the layer order, the reset, the tokens and the fallback faces, without pre-2015 vendor prefixes", async () => {
    const css = await renderSharedCss();
    expect(css).toContain("@layer reset,base,tokens,recipes;");
    expect(css).toContain("--ck-colors-brand-700:#0a6b5d");
    expect(css).toContain(FALLBACK_FACES_CSS);
    expect(css).not.toMatch(/-ms-|@-webkit-keyframes/);
  });

  it("holds the site frame's and the lead form's component styles, which the server then leaves out of a page", async () => {
    const css = await renderSharedCss();
    const frame = await renderFrameCss();
    expect(frame).toMatch(/^\.css-[a-z0-9]+\{/);
    expect(css).toContain(frame);
    const page = { key: "css", ids: ["x"], css: `${frame}.css-x{color:red}` };
    expect(ssrStyleTags([page], sharedStatements(css))).toBe('<style data-ssr-css="x">.css-x{color:red}</style>');
  });
});
