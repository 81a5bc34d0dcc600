/**
 * The admin posts table's and editor's calls (src/features/admin-posts/api) against the real API
 * as a signed-in team member: a page with a true count for the status and language filters, search
 * by title, slug and the displayed (Arabic or English) category and country labels, sort by title,
 * slugs unique per language with a clear refusal for a chosen slug, and "Translate".
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTranslation } from "../../src/features/admin-posts/api/create-translation";
import { getPost } from "../../src/features/admin-posts/api/get-post";
import { listPostsPage, type PostsQuery } from "../../src/features/admin-posts/api/list-posts-page";
import { listTranslations } from "../../src/features/admin-posts/api/list-translations";
import { SlugTakenError, savePost } from "../../src/features/admin-posts/api/save-post";
import { type PostFormValues, optionsMatching } from "../../src/features/admin-posts/schemas/post";
import { loadI18n } from "../../src/lib/i18n/catalogs";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";

const NOW = new Date().toISOString();
const later = new Date(Date.now() + 86_400_000).toISOString();
const earlier = new Date(Date.now() - 86_400_000).toISOString();
const translators = await Promise.all([loadI18n("ar"), loadI18n("en")]);
const base: PostsQuery = { search: "", categories: [], countries: [], status: "all", language: "all", sort: "newest", page: 1, now: NOW };
const withSearch = (search: string, over: Partial<PostsQuery> = {}): PostsQuery => ({
  ...base,
  ...optionsMatching(search, translators),
  search,
  ...over,
});

const values = (over: Partial<PostFormValues>): PostFormValues => ({
  title: "T",
  slug: "",
  language: "ar",
  excerpt: "e",
  content: "<p>c</p>",
  category: "Sales",
  country: "UAE",
  read_time: "3 min read",
  is_popular: false,
  published: false,
  published_at: null,
  hero_image_url: null,
  hero_image_alt: null,
  meta_title: null,
  meta_description: null,
  ...over,
});

describe.each(backends)("admin posts queries on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;
  let admin: SupabaseClient;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    const service = srv.client(srv.api.serviceRoleKey);
    // Only these posts: the table counts everything.
    await service.from("blog_posts").delete().neq("id", "00000000-0000-0000-0000-000000000000");
    const rows = Array.from({ length: 55 }, (_, i) => ({
      slug: `z-${String(i).padStart(2, "0")}`,
      title: `Zeta post ${String(i).padStart(2, "0")}`,
      excerpt: "e",
      content: "<p>c</p>",
      category: i % 2 ? "Real Estate" : "AI & Automation",
      country: i % 5 === 0 ? "Canada" : "UAE",
      read_time: "3 min read",
      language: i % 4 === 0 ? ("en" as const) : ("ar" as const),
      published: i % 3 !== 0,
      published_at: i % 3 === 0 ? null : i % 3 === 1 ? earlier : later,
      created_at: new Date(Date.parse("2026-01-01T00:00:00Z") + i * 60_000).toISOString(),
    }));
    const { error } = await service.from("blog_posts").insert(rows);
    expect(error).toBeNull();
    admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client as unknown as SupabaseClient;
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  it("pages of 50 with a true count; a page past the end is empty with the count", async () => {
    const first = await listPostsPage(admin, base);
    expect(first.total).toBe(55);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.slug).toBe("z-54");
    const second = await listPostsPage(admin, { ...base, page: 2 });
    expect(second.rows.map((r) => r.slug)).toEqual(["z-04", "z-03", "z-02", "z-01", "z-00"]);
    expect(await listPostsPage(admin, { ...base, page: 9 })).toEqual({ rows: [], total: 55 });
  });

  it("filters by status (scheduled is published with a time still to come) and by language", async () => {
    const count = async (q: Partial<PostsQuery>) => (await listPostsPage(admin, { ...base, ...q })).total;
    expect(await count({ status: "draft" })).toBe(19);
    expect(await count({ status: "published" })).toBe(18);
    expect(await count({ status: "scheduled" })).toBe(18);
    expect(await count({ language: "en" })).toBe(14);
    expect(await count({ language: "en", status: "draft" })).toBe(5);
  });

  it("finds posts by the Arabic or English label of their country or category, by title and by slug", async () => {
    const canada = await listPostsPage(admin, withSearch("كندا"));
    expect(canada.total).toBe(11);
    expect(canada.rows.every((r) => r.country === "Canada")).toBe(true);
    expect((await listPostsPage(admin, withSearch("الإمارات"))).total).toBe(44);
    expect((await listPostsPage(admin, withSearch("ai & auto"))).total).toBe(28);
    expect((await listPostsPage(admin, withSearch("post 07"))).rows.map((r) => r.slug)).toEqual(["z-07"]);
    expect((await listPostsPage(admin, withSearch("z-1"))).total).toBe(10);
    expect((await listPostsPage(admin, withSearch("كندا", { language: "en" }))).total).toBe(3);
  });

  it("sorts by title both ways", async () => {
    const az = await listPostsPage(admin, { ...base, sort: "title" });
    expect(az.rows[0]!.title).toBe("Zeta post 00");
    const za = await listPostsPage(admin, { ...base, sort: "title-desc" });
    expect(za.rows[0]!.title).toBe("Zeta post 54");
  });

  it("keeps slugs unique per language: a chosen slug that is taken is refused, a derived one gets a suffix", async () => {
    const ar = await savePost(admin, null, values({ title: "مقال عن كندا", slug: "" }));
    expect(ar.slug).toBe("مقال-عن-كندا");
    // The same slug in the other language is fine.
    const en = await savePost(admin, null, values({ title: "About Canada", slug: "مقال-عن-كندا", language: "en" }));
    expect(en.slug).toBe("مقال-عن-كندا");
    await expect(savePost(admin, null, values({ title: "Another", slug: "مقال-عن-كندا" }))).rejects.toBeInstanceOf(SlugTakenError);
    const derived = await savePost(admin, null, values({ title: "مقال عن كندا", slug: "" }));
    expect(derived.slug).toBe("مقال-عن-كندا-2");
    // Editing keeps the stored slug when the title changes.
    const renamed = await savePost(admin, ar.id, values({ title: "عنوان جديد", slug: ar.slug }));
    expect(renamed.slug).toBe("مقال-عن-كندا");
  });

  it("stores a scheduled time as given and stamps publish-now", async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await savePost(admin, null, values({ title: "Scheduled one", published: true, published_at: at }));
    expect(Date.parse(scheduled.published_at!)).toBe(Date.parse(at));
    const now = await savePost(admin, null, values({ title: "Now one", published: true }));
    expect(Math.abs(Date.parse(now.published_at!) - Date.now())).toBeLessThan(60_000);
  });

  it("Translate makes one linked draft in the other language, carrying over what it can", async () => {
    const source = await savePost(
      admin,
      null,
      values({
        title: "دليل الإمارات",
        country: "UAE",
        category: "Technology",
        is_popular: true,
        hero_image_url: "/h.png",
        hero_image_alt: "أفق دبي",
        published: true,
      }),
    );
    const draft = await createTranslation(admin, source);
    expect(draft).toMatchObject({
      language: "en",
      translation_group: source.translation_group,
      published: false,
      published_at: null,
      category: "Technology",
      country: "UAE",
      is_popular: true,
      hero_image_url: "/h.png",
      hero_image_alt: "أفق دبي",
      title: "دليل الإمارات",
    });
    const loaded = await getPost(admin, source.id);
    expect(loaded.translation?.id).toBe(draft.id);
    expect((await listTranslations(admin, [source]))[source.id]?.id).toBe(draft.id);
    // A second translation into the same language is refused by the database.
    await expect(createTranslation(admin, source)).rejects.toThrow();
  });
});
