/**
 * Work is never lost (supabase/migrations/20261127120000_post_versions_revisions_autosave.sql,
 * docs/admin-posts.md#never-lost), through the real supabase-js and the editor's own api/ functions on
 * both backends: a save based on an older version is refused with 409 and stores nothing; every save
 * keeps a revision with its author; autosaves are each author's own and go away when that author saves.
 */
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/lib/database.types.ts";
import { discardAutosave, getAutosave, storeAutosave } from "../../src/features/admin-posts/api/autosave.ts";
import { getRevision } from "../../src/features/admin-posts/api/get-revision.ts";
import { listRevisions } from "../../src/features/admin-posts/api/list-revisions.ts";
import { StaleVersionError, savePost } from "../../src/features/admin-posts/api/save-post.ts";
import { emptyPostFields, type PostFormValues } from "../../src/features/admin-posts/schemas/post.ts";
import { ensureUser } from "../../server/api/users.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

type Client = SupabaseClient<Database>;

const values = (o: Partial<PostFormValues> = {}): PostFormValues => ({
  slug: `versions-${randomUUID().slice(0, 8)}`,
  title: "مسودة أولى",
  language: "ar",
  excerpt: "ملخص",
  content: "<p>نص</p>",
  category: "Sales",
  country: "UAE",
  read_time: "3 min read",
  is_popular: false,
  hero_image_url: null,
  hero_image_alt: null,
  meta_title: null,
  meta_description: null,
  published: false,
  published_at: null,
  ...o,
});

describe.each(backends)("post versions, revisions and autosaves on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  let owner: Client;
  let editor: Client;
  let user: Client;
  let anon: Client;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    await srv.api.db.transaction(async (tx) => {
      const u = await ensureUser(tx, "versions-editor@example.com", "versions editor password 1", { admin: false });
      await tx.query(
        "insert into public.administrators (user_id, role) values ($1, 'editor') on conflict (user_id) do update set role = 'editor'",
        [u.id],
      );
    });
    owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    editor = (await signedIn(srv, "versions-editor@example.com", "versions editor password 1")).client;
    user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    anon = srv.client();
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  it("refuses a save based on an older version with 409, stores nothing, and hands back the stored post", async () => {
    const created = await savePost(owner, null, values());
    expect(created.version).toBe(1);
    // Two tabs opened version 1; the first saves.
    const first = await savePost(editor, created.id, values({ slug: created.slug, title: "من التبويب الأول" }), 1);
    expect(first.version).toBe(2);
    // The second tab's save is refused by the database.
    const raw = await owner.from("blog_posts").update({ title: "stale", version: 1 }).eq("id", created.id).select().single();
    expect(raw.status).toBe(409);
    expect(raw.error?.code).toBe("PT409");
    const refused = await savePost(owner, created.id, values({ slug: created.slug, title: "من التبويب الثاني" }), 1).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(StaleVersionError);
    expect((refused as StaleVersionError).current).toMatchObject({ title: "من التبويب الأول", version: 2 });
    const stored = (await owner.from("blog_posts").select("title, version").eq("id", created.id).single()).data;
    expect(stored).toEqual({ title: "من التبويب الأول", version: 2 });
    // Based on the stored version, it saves.
    expect((await savePost(owner, created.id, values({ slug: created.slug, title: "الأخير" }), 2)).version).toBe(3);
  });

  it("keeps a revision of every save with its author and time, readable by owners and editors only", async () => {
    const created = await savePost(owner, null, values({ title: "v1" }));
    const second = await savePost(editor, created.id, values({ slug: created.slug, title: "v2" }), 1);
    await savePost(owner, created.id, values({ slug: created.slug, title: "v3", content: "<p>ثالث</p>" }), second.version);
    const revisions = await listRevisions(owner, created.id);
    expect(revisions.map((r) => [r.version, r.title, r.author_email])).toEqual([
      [3, "v3", ADMIN_EMAIL],
      [2, "v2", "versions-editor@example.com"],
      [1, "v1", ADMIN_EMAIL],
    ]);
    expect(Date.parse(revisions[0]!.created_at)).toBeGreaterThan(0);
    const oldest = await getRevision(editor, revisions[2]!.id);
    expect(oldest).toMatchObject({ id: created.id, title: "v1", content: "<p>نص</p>", version: 1 });
    // Nobody else reads them, and nobody writes them through the API.
    expect((await user.from("post_revisions").select("id").eq("post_id", created.id)).data).toEqual([]);
    expect((await anon.from("post_revisions").select("id").eq("post_id", created.id)).status).toBe(401);
    const forged = await owner.from("post_revisions").insert({ post_id: created.id, version: 99, title: "x", snapshot: {} });
    expect(forged.status).toBe(403);
    expect((await owner.from("post_revisions").delete().eq("post_id", created.id).select()).status).toBe(403);
  });

  it("keeps each author's autosave to themselves, outside the post, until that author saves", async () => {
    const created = await savePost(owner, null, values({ title: "منشور" }));
    const fields = { ...emptyPostFields("ar"), title: "تعديل لم يحفظ", content: "<p>نص طويل</p>" };
    const at = await storeAutosave(owner, created.id, fields, 1);
    expect(Date.parse(at)).toBeGreaterThan(0);
    // Stored again: one row, the latest fields.
    await storeAutosave(owner, created.id, { ...fields, title: "تعديل ثان" }, 1);
    expect(await getAutosave(owner, created.id, "ar")).toMatchObject({ base_version: 1, fields: { title: "تعديل ثان" } });
    // The post itself is unchanged.
    expect((await owner.from("blog_posts").select("title").eq("id", created.id).single()).data?.title).toBe("منشور");
    // Another editor has their own (none), cannot read or overwrite the owner's.
    expect(await getAutosave(editor, created.id, "ar")).toBeNull();
    const ownerId = (await owner.auth.getUser()).data.user!.id;
    const forged = await editor.from("post_autosaves").insert({ post_id: created.id, author_id: ownerId, base_version: 1, fields: {} });
    expect(forged.status).toBe(403);
    // Non-members cannot autosave at all.
    const byUser = await user.from("post_autosaves").insert({ post_id: created.id, base_version: 1, fields: {} });
    expect(byUser.status).toBe(403);
    expect((await anon.from("post_autosaves").select("post_id")).status).toBe(401);
    // An editor's save of the post leaves the owner's autosave; the owner's own save removes it.
    await storeAutosave(editor, created.id, fields, 1);
    await savePost(editor, created.id, values({ slug: created.slug, title: "من المحرر" }), 1);
    expect(await getAutosave(editor, created.id, "ar")).toBeNull();
    expect(await getAutosave(owner, created.id, "ar")).not.toBeNull();
    await discardAutosave(owner, created.id);
    expect(await getAutosave(owner, created.id, "ar")).toBeNull();
  });
});
