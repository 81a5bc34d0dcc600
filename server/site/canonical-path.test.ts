// @vitest-environment node
import express from "express";
import { describe, expect, it } from "vitest";
import { canonicalPath, canonicalPathRedirect } from "./canonical-path";

describe("canonicalPath", () => {
  it("lowercases the ASCII segments of page paths", () => {
    expect(canonicalPath("/EN")).toBe("/en");
    expect(canonicalPath("/BLOG")).toBe("/blog");
    expect(canonicalPath("/Contact")).toBe("/contact");
    expect(canonicalPath("/En/blog")).toBe("/en/blog");
    expect(canonicalPath("/en/Blog/Some-Post")).toBe("/en/blog/some-post");
    expect(canonicalPath("/Admin/Posts")).toBe("/admin/posts");
  });

  it("leaves lowercase paths, Arabic slugs, files and the API alone", () => {
    expect(canonicalPath("/")).toBeNull();
    expect(canonicalPath("/en/blog")).toBeNull();
    expect(canonicalPath("/blog/%D9%85%D9%82%D8%A7%D9%84")).toBeNull();
    expect(canonicalPath("/blog/مقال")).toBeNull();
    expect(canonicalPath("/storage/v1/object/public/Blog-Images/Photo.JPG")).toBeNull();
    expect(canonicalPath("/rest/v1/Blog_Posts")).toBeNull();
    expect(canonicalPath("/assets/Entry-ABC.js")).toBeNull();
    expect(canonicalPath("/Favicon.svg")).toBeNull();
  });

  it("drops a trailing slash from page paths, never the root's", () => {
    expect(canonicalPath("/blog/")).toBe("/blog");
    expect(canonicalPath("/en/contact/")).toBe("/en/contact");
    expect(canonicalPath("/en/")).toBe("/en");
    expect(canonicalPath("/")).toBeNull();
    expect(canonicalPath("/rest/v1/blog_posts/")).toBeNull();
  });

  it("never answers with an address of another site (open redirect)", () => {
    for (const p of ["//EVIL.example/x", "/\\EVIL.example/x", "///evil.example/A", "//evil.example/x/", "/\\/evil.example/B"]) {
      const target = canonicalPath(p);
      if (target === null) continue;
      expect(target, p).toMatch(/^\/[^/\\]/);
      expect(new URL(target, "https://site.example").origin, p).toBe("https://site.example");
    }
    expect(canonicalPath("//EVIL.example/x")).toBe("/evil.example/x");
  });

  it("folds the ASCII segments next to an Arabic slug without touching the slug", () => {
    expect(canonicalPath("/EN/BLOG/%D9%85%D9%82%D8%A7%D9%84")).toBe("/en/blog/%D9%85%D9%82%D8%A7%D9%84");
  });
});

describe("canonicalPathRedirect", () => {
  async function request(path: string, method = "GET") {
    const app = express();
    app.use(canonicalPathRedirect);
    app.all("/{*splat}", (_req, res) => void res.status(200).send("page"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as { port: number };
    try {
      return await fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: "manual" });
    } finally {
      server.close();
    }
  }

  it("answers a protocol-relative path with a redirect that stays on this site", async () => {
    for (const p of ["//EVIL.example/x", "/%5CEVIL.example/x", "///evil.example/A"]) {
      const r = await request(p);
      const location = r.headers.get("location");
      if (r.status === 301) expect(location, p).toMatch(/^\/[^/\\]/);
    }
  });

  it("answers 301 to the lowercase URL, keeping the query", async () => {
    const r = await request("/En/Blog?q=Marina&country=UAE");
    expect(r.status).toBe(301);
    expect(r.headers.get("location")).toBe("/en/blog?q=Marina&country=UAE");
  });

  it("passes lowercase pages and non-GET requests through", async () => {
    expect((await request("/en/blog")).status).toBe(200);
    expect((await request("/EN", "POST")).status).toBe(200);
  });
});
