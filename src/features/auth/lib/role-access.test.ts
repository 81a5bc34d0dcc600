import { describe, expect, it } from "vitest";
import { examplePath } from "@/lib/routes/derive";
import { ADMIN_SECTIONS, ROUTES, type RouteEntry } from "@/lib/routes/table";
import { canOpen, canOpenPath, sectionOf } from "./role-access";

describe("role access", () => {
  it("maps admin paths to sections", () => {
    expect(sectionOf("/admin")).toBe("dashboard");
    expect(sectionOf("/admin/posts/new")).toBe("posts");
    expect(sectionOf("/admin/posts/1/edit")).toBe("posts");
    expect(sectionOf("/admin/leads?status=new")).toBe("leads");
    expect(sectionOf("/admin/team")).toBe("team");
    expect(sectionOf("/admin/markets")).toBe("markets");
    expect(canOpen("owner", "markets")).toBe(true);
    expect(canOpen("sales", "markets")).toBe(false);
    expect(canOpen("editor", "markets")).toBe(false);
    expect(sectionOf("/admin/somewhere-else")).toBeNull();
    expect(sectionOf("/blog")).toBeNull();
  });

  it("owners open everything; editors posts; sales leads and mail; only owners the team", () => {
    expect(["dashboard", "posts", "leads", "mail", "team"].every((s) => canOpen("owner", s as never))).toBe(true);
    expect(canOpen("editor", "posts")).toBe(true);
    expect(canOpen("editor", "leads")).toBe(false);
    expect(canOpen("editor", "mail")).toBe(false);
    expect(canOpen("editor", "team")).toBe(false);
    expect(canOpen("sales", "leads")).toBe(true);
    expect(canOpen("sales", "mail")).toBe(true);
    expect(canOpen("sales", "posts")).toBe(false);
    expect(canOpen("sales", "team")).toBe(false);
    expect(canOpen(null, "dashboard")).toBe(false);
  });

  it("analytics: every role opens the page; traffic is for owners and editors (docs/analytics.md)", () => {
    expect(sectionOf("/admin/analytics")).toBe("analytics");
    expect(["owner", "editor", "sales"].every((r) => canOpenPath(r as never, "/admin/analytics"))).toBe(true);
    expect(canOpen("owner", "analytics-traffic")).toBe(true);
    expect(canOpen("editor", "analytics-traffic")).toBe(true);
    expect(canOpen("sales", "analytics-traffic")).toBe(false);
  });

  it("owners and editors open the newsletter; sales do not", () => {
    expect(canOpen("owner", "newsletters")).toBe(true);
    expect(canOpen("editor", "newsletters")).toBe(true);
    expect(canOpen("sales", "newsletters")).toBe(false);
    expect(canOpenPath("sales", "/admin/newsletters")).toBe(false);
    expect(sectionOf("/admin/newsletters")).toBe("newsletters");
  });

  it("checks paths", () => {
    expect(canOpenPath("sales", "/admin/posts/new")).toBe(false);
    expect(canOpenPath("editor", "/admin/posts/new")).toBe(true);
    expect(canOpenPath("editor", "/admin")).toBe(true);
  });
});

describe("role access follows the route table", () => {
  const table: readonly RouteEntry[] = ROUTES;
  const roles = ["owner", "editor", "sales"] as const;

  it("puts every admin page in its section and lets in exactly that section's roles, in both languages", () => {
    for (const r of table.filter((e) => e.layout === "admin")) {
      const path = examplePath(r.path);
      expect(sectionOf(path), r.id).toBe(r.section);
      for (const role of roles)
        expect(canOpenPath(role, path), `${role} ${path}`).toBe((ADMIN_SECTIONS[r.section!] as readonly string[]).includes(role));
    }
  });

  it("leaves the sign-in pages and the public pages outside the sections", () => {
    for (const r of table.filter((e) => e.kind === "page" && e.layout !== "admin")) expect(sectionOf(examplePath(r.path)), r.id).toBeNull();
  });
});
