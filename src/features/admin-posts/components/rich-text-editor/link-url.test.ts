import { describe, expect, it } from "vitest";
import { normalizeLinkUrl } from "./link-url";

describe("normalizeLinkUrl", () => {
  it.each([
    ["https://dubailand.gov.ae/en/", "https://dubailand.gov.ae/en/"],
    ["  http://example.com?q=1 ", "http://example.com?q=1"],
    ["mailto:sales@example.com", "mailto:sales@example.com"],
    ["sales@example.com", "mailto:sales@example.com"],
    ["tel:+971 4 123 4567", "tel:+97141234567"],
    ["/blog/other-post", "/blog/other-post"],
    ["#pricing", "#pricing"],
    ["www.example.com", "https://www.example.com"],
    ["example.ae/ar/page", "https://example.ae/ar/page"],
    ["مثال.امارات", "https://مثال.امارات"],
  ])("accepts %s", (input, url) => {
    expect(normalizeLinkUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    "",
    "   ",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<b>x</b>",
    "vbscript:x",
    "//evil.example",
    "ftp://x.example",
    "https://",
    "hello world",
    "notaurl",
    "tel:abc",
    "mailto:nobody",
  ])("refuses %j", (input) => {
    expect(normalizeLinkUrl(input)).toEqual({ ok: false });
  });
});
