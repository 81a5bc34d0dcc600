/**
 * The unused-image clean-up (server/jobs/image-cleanup.ts) on both backends, with an injected clock:
 * an image no post uses is deleted once it has stayed unused for the grace period; hero images and
 * images inside any post (drafts included) stay; a reference that comes back cancels the deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImageCleanup } from "../../server/jobs/image-cleanup.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, PNG_1PX, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const HOUR = 3_600_000;
const GRACE = 24 * HOUR;

describe.each(backends)("unused-image clean-up on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;
  let admin: Awaited<ReturnType<typeof signedIn>>["client"];
  let t0: number;
  const logged: Array<{ msg: string; extra?: object }> = [];
  const log = {
    info: (msg: string, extra?: object) => logged.push({ msg, extra }),
    error: (msg: string, extra?: object) => logged.push({ msg, extra }),
  };
  const run = (hoursAfterUpload: number) =>
    runImageCleanup(srv.api.db, { graceMs: GRACE, now: new Date(t0 + hoursAfterUpload * HOUR), log });
  const publicUrl = (name: string) => admin.storage.from("blog-images").getPublicUrl(name).data.publicUrl;
  const exists = async (name: string) => (await fetch(publicUrl(name))).status === 200;

  async function post(slug: string, fields: { hero_image_url?: string | null; content?: string; published?: boolean }) {
    const { data, error } = await admin
      .from("blog_posts")
      .insert({
        slug,
        title: `Post ${slug}`,
        excerpt: "An excerpt",
        content: fields.content ?? "<p>Body</p>",
        category: "Sales",
        country: "UAE",
        read_time: "3 min read",
        published: fields.published ?? true,
        hero_image_url: fields.hero_image_url ?? null,
        hero_image_alt: fields.hero_image_url ? `Hero of ${slug}` : null,
      })
      .select("id")
      .single();
    expect(error).toBeNull();
    return data!.id;
  }

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: { ...b.env, IMAGE_CLEANUP_INTERVAL_MINUTES: "0" } });
    admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    for (const name of ["hero.png", "in-draft.png", "orphan.png", "deleted-post.png", "replaced.png", "folder/ar صورة.png"]) {
      const { error } = await admin.storage.from("blog-images").upload(name, PNG_1PX, { upsert: true, contentType: "image/png" });
      expect(error).toBeNull();
    }
    const r = await srv.api.db.query<{ t: Date | string }>(
      "select max(updated_at) as t from storage.objects where bucket_id = 'blog-images'",
    );
    t0 = new Date(r.rows[0]!.t).getTime();
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  it("deletes only what no post uses, after the grace period, and logs each deletion", async () => {
    await post("uses-hero", { hero_image_url: publicUrl("hero.png") });
    await post("draft-inline", { published: false, content: `<p>Draft</p><img src="${publicUrl("in-draft.png")}" alt="x">` });
    // Percent-encoded in the HTML, as supabase-js's public URL writes non-ASCII names.
    await post("encoded", { content: `<figure><img src="${publicUrl("folder/ar صورة.png")}" alt=""></figure>` });
    const doomed = await post("to-delete", { hero_image_url: publicUrl("deleted-post.png") });

    const first = await run(1);
    expect(first.ran).toBe(true);
    expect(first.deleted).toEqual([]);
    expect(first.unused).toBe(2); // orphan.png, replaced.png

    // The post is deleted: its hero image becomes unused from now on.
    expect((await admin.from("blog_posts").delete().eq("id", doomed)).error).toBeNull();
    expect((await run(23)).deleted).toEqual([]);

    // 25 h: orphan.png (unused since 1 h) and replaced.png go; deleted-post.png (unused since 23 h) stays.
    const later = await run(25);
    expect(later.deleted.sort()).toEqual(["orphan.png", "replaced.png"]);
    expect(await exists("orphan.png")).toBe(false);
    expect(await exists("deleted-post.png")).toBe(true);
    expect(
      logged
        .filter((l) => l.msg === "images: deleted an image no post uses")
        .map((l) => (l.extra as { name: string }).name)
        .sort(),
    ).toEqual(["orphan.png", "replaced.png"]);
    const bytes = await srv.api.db.query<{ n: number }>(
      "select count(*)::int as n from embedded.object_data d left join storage.objects o on o.id = d.object_id where o.id is null",
    );
    expect(bytes.rows[0]!.n).toBe(0);

    // 47 h: deleted-post.png has been unused for 24 h.
    expect((await run(47)).deleted).toEqual(["deleted-post.png"]);
    // Used images, drafts included, are never deleted, however late.
    expect((await run(1000)).deleted).toEqual([]);
    for (const name of ["hero.png", "in-draft.png", "folder/ar صورة.png"]) expect(await exists(name), name).toBe(true);
  });

  it("a reference that comes back within the grace period cancels the deletion; a re-upload restarts it", async () => {
    const { error } = await admin.storage.from("blog-images").upload("reused.png", PNG_1PX, { upsert: true, contentType: "image/png" });
    expect(error).toBeNull();
    const r = await srv.api.db.query<{ t: Date | string }>("select updated_at as t from storage.objects where name = 'reused.png'");
    t0 = new Date(r.rows[0]!.t).getTime();
    expect((await run(1)).deleted).toEqual([]); // noted unused since 1 h
    const id = await post("reuses", { content: `<p><img src="${publicUrl("reused.png")}" alt=""></p>` });
    expect((await run(30)).deleted).toEqual([]); // used again: note removed
    expect((await admin.from("blog_posts").delete().eq("id", id)).error).toBeNull();
    expect((await run(31)).deleted).toEqual([]); // unused again since 31 h
    expect((await run(54)).deleted).toEqual([]);
    expect((await run(55)).deleted).toEqual(["reused.png"]);
  });

  it("the server's own job runs the same clean-up", async () => {
    const result = await srv.api.imageCleanup.run();
    expect(result).toMatchObject({ ran: true, deleted: [] });
  });
});
