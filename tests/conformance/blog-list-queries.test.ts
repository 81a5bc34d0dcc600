/**
 * The blog list's queries (src/features/blog/api) against the real API: pages with true counts,
 * search that the database matches exactly (so the count is the number of posts shown across pages),
 * a page past the end, and the sitemap's reader going past the 1000-row cap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPublishedPosts, listPublishedPostUrls, listPublishedPostsPage } from "../../src/features/blog/api/list-published-posts";
import { listPosts } from "../../src/features/admin-posts/api/list-posts";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";

describe.each(backends)("blog list queries on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;
  let seeded = 0;
  const N = 1030;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    const service = srv.client(srv.api.serviceRoleKey);
    seeded = (await countPublishedPosts(srv.client())) ?? 0;
    // Newer than every seeded post, and in the past: a published_at in the future would be a scheduled post.
    const base = Date.now() - 60_000;
    const titles = ["Save 50% on fees", "Save 500 on fees", "agent_name tips", "agentXname tips", "The agent's guide", "Rates: 3.5 vs 4"];
    const rows = Array.from({ length: N }, (_, i) => ({
      slug: `q-${String(i).padStart(4, "0")}`,
      title: i < titles.length ? titles[i]! : `Paged post ${i}`,
      excerpt: i === 10 ? "Mentions 50% in the excerpt" : "An excerpt",
      content: "<p>Body</p>",
      category: "Sales",
      country: i % 3 === 0 ? "UAE" : "Canada",
      read_time: "3 min read",
      published: i !== 7,
      is_popular: i % 10 === 0,
      // Ten posts share each publish time: pages must still never overlap.
      created_at: new Date(base - Math.floor(i / 10) * 60_000).toISOString(),
      published_at: i !== 7 ? new Date(base - Math.floor(i / 10) * 60_000).toISOString() : null,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const { error } = await service.from("blog_posts").insert(rows.slice(i, i + 500));
      expect(error).toBeNull();
    }
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  it("pages of 12 with a true total, no post on two pages, none missing", async () => {
    const c = srv.client();
    const total = seeded + N - 1;
    const first = await listPublishedPostsPage(c, { page: 1 });
    expect(first.total).toBe(total);
    expect(first.posts).toHaveLength(12);
    // newest first: the nine published posts sharing the newest timestamp come first
    expect(first.posts.slice(0, 9).every((p) => /^q-000\d$/.test(p.slug))).toBe(true);
    expect(Date.parse(first.posts[9]!.published_at!)).toBeLessThan(Date.parse(first.posts[8]!.published_at!));
    const seen = new Set<string>();
    const pages = Math.ceil(total / 12);
    for (let p = 1; p <= pages; p += 1) {
      const { posts } = await listPublishedPostsPage(c, { page: p });
      for (const post of posts) {
        expect(seen.has(post.id)).toBe(false);
        seen.add(post.id);
      }
    }
    expect(seen.size).toBe(total);
    const past = await listPublishedPostsPage(c, { page: pages + 1 });
    expect(past).toEqual({ posts: [], total });
  });

  it("filters and counts on the server", async () => {
    const c = srv.client();
    const uae = await listPublishedPostsPage(c, { page: 1, country: "UAE" });
    expect(uae.posts.every((p) => p.country === "UAE")).toBe(true);
    const popularUae = await listPublishedPostsPage(c, { page: 2, popularOnly: true, country: "UAE" });
    expect(popularUae.posts.every((p) => p.is_popular && p.country === "UAE")).toBe(true);
    // i % 30 === 0 among 1030 → 35 posts (plus any seeded popular UAE post)
    expect(popularUae.total).toBeGreaterThanOrEqual(35);
  });

  it("search matches exactly what was typed: LIKE wildcards and punctuation are literal", async () => {
    const c = srv.client();
    const pct = await listPublishedPostsPage(c, { page: 1, search: "50%" });
    expect(pct.posts.map((p) => p.slug).sort()).toEqual(["q-0000", "q-0010"]);
    expect(pct.total).toBe(2);
    const underscore = await listPublishedPostsPage(c, { page: 1, search: "agent_name" });
    expect(underscore.posts.map((p) => p.slug)).toEqual(["q-0002"]);
    expect(underscore.total).toBe(1);
    const apostrophe = await listPublishedPostsPage(c, { page: 1, search: "AGENT'S" });
    expect(apostrophe.posts.map((p) => p.slug)).toEqual(["q-0004"]);
    const dots = await listPublishedPostsPage(c, { page: 1, search: "rates: 3.5" });
    expect(dots.posts.map((p) => p.slug)).toEqual(["q-0005"]);
    const many = await listPublishedPostsPage(c, { page: 3, search: "paged post" });
    expect(many.total).toBe(N - 6 - 1);
    expect(many.posts).toHaveLength(12);
  });

  it("the sitemap's reader returns every published post past the 1000-row cap, and ranges of them", async () => {
    const c = srv.client();
    const total = seeded + N - 1;
    const all = await listPublishedPostUrls(c);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
    expect(all.some((p) => p.slug === "q-0007")).toBe(false);
    const middle = await listPublishedPostUrls(c, { offset: 990, limit: 25 });
    expect(middle.map((p) => p.id)).toEqual(all.slice(990, 1015).map((p) => p.id));
    expect(await listPublishedPostUrls(c, { offset: total, limit: 5 })).toEqual([]);
  });

  it("the admin posts table reads every post, drafts included, past the row cap", async () => {
    const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const head = await srv.client(srv.api.serviceRoleKey).from("blog_posts").select("id", { count: "exact", head: true });
    const all = await listPosts(client);
    expect(all).toHaveLength(head.count!);
    expect(all.length).toBeGreaterThan(1000);
    expect(all.some((p) => p.slug === "q-0007" && !p.published)).toBe(true);
    expect(await listPosts(client, { limit: 5 })).toHaveLength(5);
  });
});
