/**
 * Preview links (supabase/migrations/20261127121000_post_preview_links.sql, docs/admin-posts.md#preview):
 * owners and editors make, list and revoke links; an anonymous visitor reaches a post only through
 * public.preview_post(token), and only while the link is live; the table stores no usable token.
 */
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/lib/database.types.ts";
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from "../../src/features/admin-posts/api/preview-links.ts";
import { getPreviewPost } from "../../src/features/blog/api/get-preview-post.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

type Client = SupabaseClient<Database>;

describe.each(backends)("post preview links on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: Client;
  let user: Client;
  let anon: Client;
  let svc: Client;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    anon = srv.client();
    svc = srv.client(srv.api.serviceRoleKey);
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const draft = async () =>
    (
      await owner
        .from("blog_posts")
        .insert({
          slug: `preview-${randomUUID().slice(0, 8)}`,
          title: "مسودة للمعاينة",
          excerpt: "ملخص",
          content: "<p>نص المسودة</p>",
          category: "Sales",
          country: "UAE",
          read_time: "3 min read",
          language: "ar",
          published: false,
        })
        .select()
        .single()
    ).data!;

  it("opens a draft for anyone with a live link, and stops when it is revoked", async () => {
    const post = await draft();
    const { token, link } = await createPreviewLink(owner, post.id);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeGreaterThan(6.9 * 86_400_000);
    expect(await getPreviewPost(anon, token)).toMatchObject({ id: post.id, title: "مسودة للمعاينة", content: "<p>نص المسودة</p>" });
    // The table holds only the hash; visitors and non-members cannot read it at all.
    const stored = (await svc.from("post_preview_links").select("token_hash").eq("id", link.id).single()).data!;
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);
    expect((await anon.from("post_preview_links").select("id")).status).toBe(401);
    expect((await user.from("post_preview_links").select("id")).data).toEqual([]);
    expect(
      (
        await user
          .from("post_preview_links")
          .insert({ post_id: post.id, token_hash: "a".repeat(64), expires_at: new Date(Date.now() + 1e6).toISOString() })
      ).status,
    ).toBe(403);
    // A made-up or altered token opens nothing.
    expect(await getPreviewPost(anon, `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`)).toBeNull();
    expect(await getPreviewPost(anon, stored.token_hash)).toBeNull();
    expect((await listPreviewLinks(owner, post.id)).map((l) => l.id)).toEqual([link.id]);
    await revokePreviewLink(owner, link.id);
    expect(await getPreviewPost(anon, token)).toBeNull();
  });

  it("stops when the link expires; a link cannot live longer than 30 days", async () => {
    const post = await draft();
    const { token, link } = await createPreviewLink(owner, post.id, { days: 1 });
    expect(await getPreviewPost(anon, token)).not.toBeNull();
    await srv.api.db.query(
      "update public.post_preview_links set created_at = now() - interval '2 days', expires_at = now() - interval '1 second' where id = $1",
      [link.id],
    );
    expect(await getPreviewPost(anon, token)).toBeNull();
    await expect(createPreviewLink(owner, post.id, { days: 31 })).rejects.toThrow(/post_preview_links_expiry/);
  });
});
