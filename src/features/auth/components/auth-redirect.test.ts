import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPathFor } from "./auth-redirect";

describe("login redirects", () => {
  it("remembers the admin page that was asked for", () => {
    expect(loginPathFor("/admin/posts", "ar")).toBe("/admin/login?next=%2Fadmin%2Fposts");
    expect(loginPathFor("/en/admin/posts/1/edit", "en")).toBe("/en/admin/login?next=%2Fen%2Fadmin%2Fposts%2F1%2Fedit");
  });

  it("returns only to admin pages of this site", () => {
    expect(afterLoginPath("/en/admin/leads?type=newsletter", "en")).toBe("/en/admin/leads?type=newsletter");
    expect(afterLoginPath("https://evil.example/admin", "ar")).toBe("/admin");
    expect(afterLoginPath("//evil.example/admin", "en")).toBe("/en/admin");
    expect(afterLoginPath("/blog", "ar")).toBe("/admin");
    expect(afterLoginPath("/admin/login", "ar")).toBe("/admin");
    expect(afterLoginPath(null, "en")).toBe("/en/admin");
  });
});
