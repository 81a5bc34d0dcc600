// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderGlobalCss } from "./global-css";

describe("chakra-global.css", () => {
  it("is what the theme renders now (after changing the theme or Chakra, run `node scripts/chakra-css.mjs`)", () => {
    const committed = readFileSync(new URL("./chakra-global.css", import.meta.url), "utf8");
    expect(committed).toBe(renderGlobalCss());
  });

  it("holds the layer order, the reset and the tokens, without pre-2015 vendor prefixes", () => {
    const css = renderGlobalCss();
    expect(css).toContain("@layer reset,base,tokens,recipes;");
    expect(css).toContain("--ck-colors-brand-700:#0a6b5d");
    expect(css).not.toMatch(/-ms-|@-webkit-keyframes/);
  });
});
