import { afterEach, describe, expect, it } from "vitest";
import { adoptServerStyles, hasServerGlobalStyles, ssrStyleTags } from "./ssr-styles";

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
});
