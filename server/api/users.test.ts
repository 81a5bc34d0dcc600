// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isPlausibleEmail } from "./users";

describe("isPlausibleEmail", () => {
  it("takes one ordinary address", () => {
    for (const ok of [
      "admin@e2e.test",
      "noura.sales@wasla.ae",
      "a+tag@sub.example.co.uk",
      "admin@localhost.localdomain",
      "x@xn--mgbh0fb.xn--kgbechtv",
    ]) {
      expect(isPlausibleEmail(ok), ok).toBe(true);
    }
  });

  it("refuses lists, display names and anything a mail server would read as more than one address", () => {
    for (const bad of [
      "victim@evil.example,rt.co",
      "victim@evil.example;rt.co",
      "a@b.co, c@d.co",
      '"Eve" <eve@evil.example>',
      "eve@evil.example>",
      "a b@c.co",
      "a@b",
      ".a@b.co",
      "a..b@c.co",
      "a@-b.co",
      "a@b.co.",
      `${"x".repeat(65)}@b.co`,
    ]) {
      expect(isPlausibleEmail(bad), bad).toBe(false);
    }
  });
});
