// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FALLBACK_FACES_CSS } from "./fonts";
import { renderSharedCss } from "./shared-css";

describe("shared.css", () => {
  it("is what the theme and fonts.ts give now (after changing either, or Chakra, run `node scripts/chakra-css.mjs`)", () => {
    expect(readFileSync(new URL("./shared.css", import.meta.url), "utf8")).toBe(renderSharedCss());
  });

  it("holds the layer order, the reset, the tokens and the fallback faces, without pre-2015 vendor prefixes", () => {
    const css = renderSharedCss();
    expect(css).toContain("@layer reset,base,tokens,recipes;");
    expect(css).toContain("--ck-colors-brand-700:#0a6b5d");
    expect(css).toContain(FALLBACK_FACES_CSS);
    expect(css).not.toMatch(/-ms-|@-webkit-keyframes/);
  });
});
