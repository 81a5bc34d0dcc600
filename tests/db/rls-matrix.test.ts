/**
 * The Row Level Security matrix: anonymous visitor, signed-in non-administrator and administrator
 * × every table and the blog-images bucket × select / insert / update / delete. Every cell is
 * asserted through the real supabase-js over HTTP, so the role and claims the server sets are what
 * RLS sees. Runs on embedded PGlite always, and on a real PostgreSQL when TEST_DATABASE_URL is set
 * (a fresh database is created in that cluster and dropped afterwards).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, PNG_1PX, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import type { Database } from "../../src/lib/database.types.ts";
import { backends } from "../support/backends.ts";

type Who = "anon" | "user" | "admin";
type Client = SupabaseClient<Database>;

const newPost = (published = false) => ({
  slug: `matrix-${randomUUID().slice(0, 8)}`,
  title: "Matrix post",
  excerpt: "Matrix excerpt",
  content: "<p>Matrix</p>",
  category: "Technology",
  country: "Global",
  read_time: "1 min read",
  published,
});

describe.each(backends)("RLS matrix on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  const c = {} as Record<Who, Client>;
  let svc: Client;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    svc = srv.client(srv.api.serviceRoleKey);
    c.anon = srv.client();
    c.user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    c.admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    // a submission to read; sign-ins above made audit events
    const ins = await svc.from("form_submissions").insert({ submission_id: randomUUID(), form_type: "newsletter", payload: { email: "matrix@example.com" } });
    expect(ins.error).toBeNull();
    const up = await c.admin.storage.from("blog-images").upload("matrix/existing.png", PNG_1PX, { contentType: "image/png", upsert: true });
    expect(up.error).toBeNull();
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  /** Expect a PostgREST permission error: 401 for anon, 403 for a signed-in user. */
  function denied(who: Who, r: { status: number; error: { code: string } | null }) {
    expect(r.error?.code).toBe("42501");
    expect(r.status).toBe(who === "anon" ? 401 : 403);
  }

  // ---------------------------------------------------------------------------------- blog_posts
  describe("blog_posts", () => {
    it("select: everyone reads published posts; only administrators read drafts", async () => {
      const counts = await svc.from("blog_posts").select("published");
      const published = counts.data!.filter((p) => p.published).length;
      const total = counts.data!.length;
      expect(total).toBeGreaterThan(published);
      for (const who of ["anon", "user"] as const) {
        const r = await c[who].from("blog_posts").select("id,published");
        expect(r.error, who).toBeNull();
        expect(r.data!.length, who).toBe(published);
        expect(r.data!.every((p) => p.published), who).toBe(true);
      }
      const a = await c.admin.from("blog_posts").select("id");
      expect(a.data!.length).toBe(total);
    });

    it("insert: only administrators", async () => {
      denied("anon", await c.anon.from("blog_posts").insert(newPost(true)));
      denied("user", await c.user.from("blog_posts").insert(newPost(true)));
      const a = await c.admin.from("blog_posts").insert(newPost()).select().single();
      expect(a.status).toBe(201);
    });

    it("update: only administrators (a non-administrator's update matches no row)", async () => {
      const target = (await svc.from("blog_posts").insert(newPost(true)).select().single()).data!;
      denied("anon", await c.anon.from("blog_posts").update({ title: "anon" }).eq("id", target.id));
      const u = await c.user.from("blog_posts").update({ title: "user" }).eq("id", target.id).select();
      expect(u.error).toBeNull();
      expect(u.data).toEqual([]);
      expect((await svc.from("blog_posts").select("title").eq("id", target.id).single()).data!.title).toBe("Matrix post");
      const a = await c.admin.from("blog_posts").update({ title: "admin" }).eq("id", target.id).select().single();
      expect(a.data!.title).toBe("admin");
    });

    it("delete: only administrators", async () => {
      const target = (await svc.from("blog_posts").insert(newPost(true)).select().single()).data!;
      denied("anon", await c.anon.from("blog_posts").delete().eq("id", target.id));
      const u = await c.user.from("blog_posts").delete().eq("id", target.id).select();
      expect(u.data).toEqual([]);
      expect((await svc.from("blog_posts").select("id").eq("id", target.id)).data).toHaveLength(1);
      const a = await c.admin.from("blog_posts").delete().eq("id", target.id).select();
      expect(a.data).toHaveLength(1);
      expect((await svc.from("blog_posts").select("id").eq("id", target.id)).data).toHaveLength(0);
    });
  });

  // --------------------------------------------- tables only administrators read, nobody writes
  describe.each(["administrators", "form_submissions", "audit_events"] as const)("%s", (table) => {
    it("select: anon is refused, a non-administrator sees no row, administrators read", async () => {
      denied("anon", await c.anon.from(table).select("*"));
      const u = await c.user.from(table).select("*");
      expect(u.error).toBeNull();
      expect(u.data).toEqual([]);
      const a = await c.admin.from(table).select("*");
      expect(a.error).toBeNull();
      expect(a.data!.length).toBeGreaterThan(0);
    });

    const sample: Record<typeof table, Record<string, unknown>> = {
      administrators: { user_id: randomUUID() },
      form_submissions: { submission_id: randomUUID(), form_type: "newsletter", payload: { email: `x${Date.now()}@example.com` } },
      audit_events: { event_type: "blog_post", details: {} },
    };

    it("insert: nobody through the API", async () => {
      for (const who of ["anon", "user", "admin"] as const) {
        denied(who, (await c[who].from(table).insert(sample[table] as never)) as never);
      }
    });

    it("update: nobody through the API", async () => {
      const col = table === "administrators" ? "created_at" : "created_at";
      for (const who of ["anon", "user", "admin"] as const) {
        denied(who, (await c[who].from(table).update({ [col]: new Date().toISOString() } as never).neq(col, "1970-01-01T00:00:00Z")) as never);
      }
    });

    it("delete: nobody through the API", async () => {
      const before = (await svc.from(table).select("*", { count: "exact", head: true })).count;
      for (const who of ["anon", "user", "admin"] as const) {
        denied(who, (await c[who].from(table).delete().neq("created_at", "1970-01-01T00:00:00Z")) as never);
      }
      expect((await svc.from(table).select("*", { count: "exact", head: true })).count).toBe(before);
    });
  });

  // ------------------------------------------------------------------------- blog-images bucket
  describe("storage bucket blog-images", () => {
    it("select: only administrators list; everyone downloads by exact public path", async () => {
      // Listing would reveal the names of images of unpublished posts.
      for (const who of ["anon", "user"] as const) {
        const l = await c[who].storage.from("blog-images").list("matrix");
        expect(l.error, who).toBeNull();
        expect(l.data, who).toEqual([]);
        const root = await c[who].storage.from("blog-images").list("");
        expect(root.data, who).toEqual([]);
      }
      const l = await c.admin.storage.from("blog-images").list("matrix");
      expect(l.error).toBeNull();
      expect(l.data!.map((o) => o.name)).toContain("existing.png");
      const res = await fetch(`${srv.url}/storage/v1/object/public/blog-images/matrix/existing.png`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    });

    it("insert: only administrators upload", async () => {
      for (const who of ["anon", "user"] as const) {
        const r = await c[who].storage.from("blog-images").upload(`matrix/${who}.png`, PNG_1PX, { contentType: "image/png" });
        expect((r.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
      }
      const a = await c.admin.storage.from("blog-images").upload("matrix/admin.png", PNG_1PX, { contentType: "image/png" });
      expect(a.error).toBeNull();
    });

    it("update: only administrators replace an object", async () => {
      for (const who of ["anon", "user"] as const) {
        const r = await c[who].storage.from("blog-images").update("matrix/existing.png", PNG_1PX, { contentType: "image/png" });
        expect(r.error, who).toBeTruthy();
        const upsert = await c[who].storage.from("blog-images").upload("matrix/existing.png", PNG_1PX, { contentType: "image/png", upsert: true });
        expect((upsert.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
      }
      const a = await c.admin.storage.from("blog-images").update("matrix/existing.png", PNG_1PX, { contentType: "image/png" });
      expect(a.error).toBeNull();
    });

    it("delete: only administrators remove", async () => {
      for (const who of ["anon", "user"] as const) {
        const r = await c[who].storage.from("blog-images").remove(["matrix/existing.png"]);
        expect(r.error, who).toBeNull();
        expect(r.data, who).toEqual([]);
      }
      expect((await fetch(`${srv.url}/storage/v1/object/public/blog-images/matrix/existing.png`)).status).toBe(200);
      const a = await c.admin.storage.from("blog-images").remove(["matrix/existing.png"]);
      expect(a.data!.map((o) => o.name)).toEqual(["matrix/existing.png"]);
      expect((await fetch(`${srv.url}/storage/v1/object/public/blog-images/matrix/existing.png`)).status).toBe(404);
    });
  });
});
