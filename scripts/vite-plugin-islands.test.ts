import { describe, expect, it } from "vitest";
import { ISLANDS_ENTRY, islandsScript } from "./vite-plugin-islands";

describe("islandsScript", () => {
  it("gives the loader's file and every chunk it imports statically, once each, never its dynamic imports", () => {
    const manifest = {
      [ISLANDS_ENTRY]: { file: "assets/entry-a.js", imports: ["_outbox.js", "_idle.js"], dynamicImports: ["src/app/islands/runtime.tsx"] },
      "_outbox.js": { file: "assets/outbox-b.js", imports: ["_shared.js"] },
      "_idle.js": { file: "assets/idle-c.js", imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared-d.js" },
      "src/app/islands/runtime.tsx": { file: "assets/runtime-e.js", imports: ["_framework.js"] },
      "_framework.js": { file: "assets/framework-f.js" },
    };
    expect(islandsScript(manifest)).toEqual({
      file: "/assets/entry-a.js",
      imports: ["/assets/outbox-b.js", "/assets/shared-d.js", "/assets/idle-c.js"],
    });
  });

  it("is null without the loader in the build (the development server)", () => {
    expect(islandsScript({})).toBeNull();
  });
});
