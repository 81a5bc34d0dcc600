/**
 * Scheduled publishing and slug history, enforced by the database (supabase/migrations/
 * 20261124001000_post_slug_history_and_schedule.sql), through the real supabase-js on both backends:
 * visitors see a post from its publish time on and not before; every earlier slug of a post is kept and
 * readable only while the post is visible; a hero image needs its alt text.
 */
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/lib/database.types.ts";
import { findPublishedPost } from "../../src/features/blog/api/get-published-post-by-slug.ts";
import { listPublishedPostsPage } from "../../src/features/blog/api/list-published-posts.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

type Client = SupabaseClient<Database>;

const post = (o: Partial<Database["public"]["Tables"]["blog_posts"]["Insert"]> = {}) => ({
  slug: `sched-${randomUUID().slice(0, 8)}`,
  title: "Scheduled post",
  excerpt: "An excerpt",
  content: "<p>Body</p>",
  category: "Sales",
  country: "UAE",
  read_time: "3 min read",
  language: "en" as const,
  published: true,
  ...o,
});

describe.each(backends)("scheduled posts and slug history on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let anon: Client;
  let user: Client;
  let admin: Client;
  let svc: Client;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    svc = srv.client(srv.api.serviceRoleKey);
    anon = srv.client();
    user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  /** The database's clock (the policy compares with now() there, not with this process's clock). */
  async function dbNow(): Promise<number> {
    const r = await srv.api.db.query<{ ms: string }>("select floor(extract(epoch from clock_timestamp()) * 1000)::text as ms");
    return Number(r.rows[0]!.ms);
  }

  it("visitors see a published post only from its publish time on; the team sees it before", async () => {
    const later = post({ published_at: new Date((await dbNow()) + 3600_000).toISOString() });
    const earlier = post({ published_at: new Date((await dbNow()) - 1000).toISOString() });
    const ins = await admin.from("blog_posts").insert([later, earlier]);
    expect(ins.error).toBeNull();
    for (const [who, c] of [
      ["anon", anon],
      ["signed-in non-member", user],
    ] as const) {
      const r = await c.from("blog_posts").select("slug").in("slug", [later.slug, earlier.slug]);
      expect(r.error, who).toBeNull();
      expect(
        r.data!.map((p) => p.slug),
        who,
      ).toEqual([earlier.slug]);
    }
    const team = await admin.from("blog_posts").select("slug").in("slug", [later.slug, earlier.slug]).order("slug");
    expect(team.data!.map((p) => p.slug).sort()).toEqual([later.slug, earlier.slug].sort());
    // Asking for it explicitly changes nothing: the policy decides, not the query.
    const direct = await anon.from("blog_posts").select("id").eq("slug", later.slug).gte("published_at", "1970-01-01");
    expect(direct.data).toEqual([]);
    expect(await findPublishedPost(anon as never, later.slug, "en")).toEqual({ kind: "none" });
  });

  it("a post scheduled a second ahead appears on its own at that time, not before", async () => {
    const at = (await dbNow()) + 1200;
    const tag = randomUUID().slice(0, 8);
    const p = post({ title: `Scheduled ${tag}`, published_at: new Date(at).toISOString() });
    expect((await admin.from("blog_posts").insert(p)).error).toBeNull();
    const before = await listPublishedPostsPage(anon as never, { page: 1, language: "en", search: tag });
    expect(before).toEqual({ posts: [], total: 0 });
    while ((await dbNow()) < at) await new Promise((r) => setTimeout(r, 100));
    const after = await listPublishedPostsPage(anon as never, { page: 1, language: "en", search: tag });
    expect(after.posts.map((x) => x.slug)).toEqual([p.slug]);
    // The other language's list does not have it.
    expect((await listPublishedPostsPage(anon as never, { page: 1, language: "ar", search: tag })).total).toBe(0);
    const seen = await anon.from("blog_posts").select("slug,published_at").eq("slug", p.slug);
    expect(seen.data).toHaveLength(1);
    expect(Date.parse(seen.data![0]!.published_at!)).toBe(at);
  });

  it("a post published without a time goes live at once; a draft never shows", async () => {
    const now = post();
    const draft = post({ published: false, published_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await admin.from("blog_posts").insert([now, draft])).error).toBeNull();
    const r = await anon.from("blog_posts").select("slug").in("slug", [now.slug, draft.slug]);
    expect(r.data!.map((p) => p.slug)).toEqual([now.slug]);
  });

  it("keeps every earlier slug of a post, per language, and answers with the current address", async () => {
    const p = post({ slug: `first-${randomUUID().slice(0, 6)}` });
    const ins = await admin.from("blog_posts").insert(p).select("id").single();
    expect(ins.error).toBeNull();
    const id = ins.data!.id;
    const second = `second-${randomUUID().slice(0, 6)}`;
    const third = `third-${randomUUID().slice(0, 6)}`;
    expect((await admin.from("blog_posts").update({ slug: second }).eq("id", id)).error).toBeNull();
    expect((await admin.from("blog_posts").update({ slug: third }).eq("id", id)).error).toBeNull();
    // An update that does not touch the slug adds nothing.
    expect((await admin.from("blog_posts").update({ title: "Renamed" }).eq("id", id)).error).toBeNull();
    const history = await anon.from("blog_post_slugs").select("language,slug,post_id").eq("post_id", id).order("slug");
    expect(history.error).toBeNull();
    expect(history.data).toEqual([
      { language: "en", slug: p.slug, post_id: id },
      { language: "en", slug: second, post_id: id },
    ]);
    for (const old of [p.slug, second]) {
      expect(await findPublishedPost(anon as never, old, "en")).toEqual({ kind: "moved", to: { language: "en", slug: third } });
      // From the Arabic prefix too: the post lives under /en.
      expect(await findPublishedPost(anon as never, old, "ar")).toEqual({ kind: "moved", to: { language: "en", slug: third } });
    }
    const current = await findPublishedPost(anon as never, third, "en");
    expect(current.kind).toBe("post");
    expect(await findPublishedPost(anon as never, third, "ar")).toEqual({ kind: "moved", to: { language: "en", slug: third } });

    // Taking an old slug back makes it current again (and no longer history).
    expect((await admin.from("blog_posts").update({ slug: p.slug }).eq("id", id)).error).toBeNull();
    const back = await svc.from("blog_post_slugs").select("slug").eq("post_id", id).order("slug");
    expect(back.data!.map((h) => h.slug)).toEqual([second, third].sort());

    // Unpublished: its old addresses are hidden from visitors, not from the team.
    expect((await admin.from("blog_posts").update({ published: false }).eq("id", id)).error).toBeNull();
    expect((await anon.from("blog_post_slugs").select("slug").eq("post_id", id)).data).toEqual([]);
    expect((await admin.from("blog_post_slugs").select("slug").eq("post_id", id)).data).toHaveLength(2);
    expect(await findPublishedPost(anon as never, second, "en")).toEqual({ kind: "none" });

    // Nobody writes history directly; only owners and editors may retire an old address.
    const forged = await admin.from("blog_post_slugs").insert({ language: "en", slug: `forged-${randomUUID().slice(0, 6)}`, post_id: id });
    expect(forged.error?.code).toBe("42501");
    const userDelete = await user.from("blog_post_slugs").delete().eq("post_id", id).select();
    expect(userDelete.data ?? []).toEqual([]);
    const retire = await admin.from("blog_post_slugs").delete().eq("slug", second).select("slug");
    expect(retire.data).toEqual([{ slug: second }]);

    // Deleting the post deletes its history.
    expect((await admin.from("blog_posts").delete().eq("id", id)).error).toBeNull();
    expect((await svc.from("blog_post_slugs").select("slug").eq("post_id", id)).data).toEqual([]);
  });

  it("the same slug may name an Arabic and an English post; each prefix finds its own", async () => {
    const slug = `shared-${randomUUID().slice(0, 6)}`;
    const group = randomUUID();
    const ins = await admin
      .from("blog_posts")
      .insert([
        post({ slug, language: "en", translation_group: group, title: "English version" }),
        post({ slug, language: "ar", translation_group: group, title: "النسخة العربية" }),
      ]);
    expect(ins.error).toBeNull();
    const en = await findPublishedPost(anon as never, slug, "en");
    const ar = await findPublishedPost(anon as never, slug, "ar");
    expect(en.kind === "post" && en.post.title).toBe("English version");
    expect(en.kind === "post" && en.translation).toEqual({ language: "ar", slug });
    expect(ar.kind === "post" && ar.post.title).toBe("النسخة العربية");
    // A second English post in the same group is refused.
    const third = await admin.from("blog_posts").insert(post({ language: "en", translation_group: group }));
    expect(third.error?.code).toBe("23505");
  });

  it("a translation not yet live is not offered as one", async () => {
    const group = randomUUID();
    const ins = await admin
      .from("blog_posts")
      .insert([
        post({ language: "en", translation_group: group }),
        post({ language: "ar", translation_group: group, published_at: new Date((await dbNow()) + 3600_000).toISOString() }),
      ])
      .select("slug,language");
    expect(ins.error).toBeNull();
    const en = ins.data!.find((p) => p.language === "en")!;
    const found = await findPublishedPost(anon as never, en.slug, "en");
    expect(found.kind === "post" && found.translation).toBeNull();
  });

  it("a hero image needs its alt text", async () => {
    const missing = await admin.from("blog_posts").insert(post({ hero_image_url: "/images/blog/x.png" }));
    expect(missing.error?.code).toBe("23514");
    expect(missing.error?.message).toContain("blog_posts_hero_image_alt_required");
    const blank = await admin.from("blog_posts").insert(post({ hero_image_url: "/images/blog/x.png", hero_image_alt: "   " }));
    expect(blank.error?.code).toBe("23514");
    const ok = await admin.from("blog_posts").insert(post({ hero_image_url: "/images/blog/x.png", hero_image_alt: "A tower at dusk" }));
    expect(ok.error).toBeNull();
  });
});
