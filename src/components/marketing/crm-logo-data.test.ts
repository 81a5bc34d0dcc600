import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { iconifyLogos } from "./crm-logo-data";

const require = createRequire(import.meta.url);

describe("CRM logo data", () => {
  it("is exactly what @iconify-json/logos ships (no hand-drawn logos)", () => {
    const set = require("@iconify-json/logos/icons.json") as {
      width?: number;
      height?: number;
      icons: Record<string, { body: string; width?: number; height?: number }>;
    };
    for (const [name, logo] of Object.entries(iconifyLogos)) {
      const icon = set.icons[name]!;
      expect(logo).toEqual({ body: icon.body, width: icon.width ?? set.width, height: icon.height ?? set.height });
    }
  });
});
