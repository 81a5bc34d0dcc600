import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";

describe.each(backends)("REST on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;
  let adminToken: string;

  const post = (over: Record<string, unknown> = {}) => ({
    slug: `post-${Math.random().toString(36).slice(2, 10)}`,
    title: "A test post",
    excerpt: "An excerpt",
    content: "<p>Body</p>",
    category: "Sales",
    country: "UAE",
    read_time: "3 min read",
    ...over,
  });

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    adminToken = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).session.access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  function raw(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("apikey", srv.api.anonKey);
    headers.set("Authorization", `Bearer ${init.token ?? srv.api.anonKey}`);
    return fetch(`${srv.url}${path}`, { ...init, headers });
  }

  describe("REST reads (public list, single, maybeSingle, counts)", () => {
    it("lists published posts only, newest first, with Content-Range 0-{n-1}/*", async () => {
      const res = await raw("/rest/v1/blog_posts?select=*&published=eq.true&order=created_at.desc", {
        headers: { "Accept-Profile": "public" },
      });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { published: boolean; created_at: string }[];
      // The seed's six visible posts (its scheduled post and drafts are hidden by RLS).
      expect(rows.length).toBe(6);
      expect(res.headers.get("content-range")).toBe("0-5/*");
      expect(rows.every((r) => r.published)).toBe(true);
      const times = rows.map((r) => Date.parse(r.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      // anon sees no drafts even without the filter: RLS decides
      const all = await srv.client().from("blog_posts").select("id,published");
      expect(all.error).toBeNull();
      expect(all.data!.every((r) => r.published)).toBe(true);
    });

    it("answers */* for an empty result", async () => {
      const res = await raw("/rest/v1/blog_posts?select=id&slug=eq.nope");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      expect(res.headers.get("content-range")).toBe("*/*");
    });

    it("maybeSingle gives null for no row; single gives 406 PGRST116", async () => {
      const c = srv.client();
      const m = await c.from("blog_posts").select("*").eq("slug", "no-such-post").eq("published", true).maybeSingle();
      expect(m.error).toBeNull();
      expect(m.data).toBeNull();
      const s = await c.from("blog_posts").select("*").eq("slug", "no-such-post").single();
      expect(s.status).toBe(406);
      expect(s.error).toEqual({
        code: "PGRST116",
        details: "The result contains 0 rows",
        hint: null,
        message: "Cannot coerce the result to a single JSON object",
      });
      const res = await raw("/rest/v1/blog_posts?select=*&slug=eq.nope", { headers: { Accept: "application/vnd.pgrst.object+json" } });
      expect(res.status).toBe(406);
      const found = await c.from("blog_posts").select("slug,title").eq("slug", "dubai-off-plan-investment-guide").single();
      expect(found.error).toBeNull();
      expect(found.data).toEqual({ slug: "dubai-off-plan-investment-guide", title: "A practical guide to off-plan investment in Dubai" });
    });

    it("does head counts with Prefer: count=exact", async () => {
      const res = await raw("/rest/v1/blog_posts?select=*&published=eq.true", { method: "HEAD", headers: { Prefer: "count=exact" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-range")).toBe("0-5/6");
      const none = await raw("/rest/v1/blog_posts?select=*&slug=eq.zzz", { method: "HEAD", headers: { Prefer: "count=exact" } });
      expect(none.headers.get("content-range")).toBe("*/0");
      const c = srv.client();
      const h = await c.from("blog_posts").select("*", { count: "exact", head: true }).eq("published", true);
      expect(h.error).toBeNull();
      expect(h.count).toBe(6);
      expect(h.data).toBeNull();
    });

    it("filters with ilike, or, in, neq, is, gt and orders with nullsfirst/last; limits and ranges", async () => {
      const c = srv.client();
      const il = await c.from("blog_posts").select("slug").ilike("title", "%DUBAI%");
      expect(il.data!.map((r) => r.slug)).toEqual(["dubai-off-plan-investment-guide"]);
      const or = await c.from("blog_posts").select("slug").or("title.ilike.*canadian*,excerpt.ilike.*escrow*").order("slug");
      expect(or.data!.map((r) => r.slug)).toEqual(["dubai-off-plan-investment-guide", "speed-to-lead-canadian-brokerages"]);
      const inn = await c.from("blog_posts").select("country").in("country", ["Canada", "Global"]).order("country");
      expect(inn.data!.map((r) => r.country)).toEqual(["Canada", "Global"]);
      const isNull = await c.from("blog_posts").select("id").is("hero_image_url", null);
      expect(isNull.data!.length).toBe(2);
      const neq = await c.from("blog_posts").select("id").neq("country", "UAE");
      expect(neq.data!.length).toBe(2);
      const gt = await c
        .from("blog_posts")
        .select("id")
        .gt("created_at", new Date(Date.now() - 6 * 86400_000).toISOString());
      expect(gt.data!.length).toBe(3);
      const lim = await c.from("blog_posts").select("slug").order("created_at", { ascending: true }).limit(2);
      expect(lim.data!.length).toBe(2);
      const rng = await c.from("blog_posts").select("slug", { count: "exact" }).order("created_at", { ascending: false }).range(1, 2);
      expect(rng.data!.length).toBe(2);
      expect(rng.count).toBe(6);
      expect(rng.status).toBe(206);
      const nulls = await raw("/rest/v1/blog_posts?select=slug&order=hero_image_url.asc.nullsfirst,slug.desc");
      expect(nulls.status).toBe(200);
      const rangeHeader = await raw("/rest/v1/blog_posts?select=slug&order=slug", { headers: { Range: "0-1", "Range-Unit": "items" } });
      expect(((await rangeHeader.json()) as unknown[]).length).toBe(2);
      expect(rangeHeader.headers.get("content-range")).toBe("0-1/*");
    });

    it("select with aliases and json paths", async () => {
      const res = await raw("/rest/v1/blog_posts?select=name:title,slug&slug=eq.crm-integration-checklist", { token: adminToken });
      expect(await res.json()).toEqual([{ name: "CRM integration checklist for real-estate teams", slug: "crm-integration-checklist" }]);
    });
  });

  describe("REST writes as an administrator", () => {
    it("inserts, updates and deletes with representation, maintaining updated_at and the audit trail", async () => {
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      const ins = await client
        .from("blog_posts")
        .insert(post({ title: "Inserted", published: false }))
        .select()
        .single();
      expect(ins.status).toBe(201);
      expect(ins.error).toBeNull();
      expect(ins.data!.title).toBe("Inserted");
      const id = ins.data!.id;
      const res = await raw(`/rest/v1/blog_posts?select=*`, {
        method: "POST",
        token: adminToken,
        headers: {
          "Content-Type": "application/json",
          "Content-Profile": "public",
          Prefer: "return=representation",
          Accept: "application/vnd.pgrst.object+json",
        },
        body: JSON.stringify(post()),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get("content-range")).toBe("*/*");

      await new Promise((r) => setTimeout(r, 20));
      const upd = await client
        .from("blog_posts")
        .update({ published: true, updated_at: "2000-01-01T00:00:00Z" })
        .eq("id", id)
        .select()
        .single();
      expect(upd.status).toBe(200);
      expect(upd.data!.published).toBe(true);
      expect(Date.parse(upd.data!.updated_at)).toBeGreaterThan(Date.parse(ins.data!.updated_at));

      const audit = await client.from("audit_events").select("*").eq("event_type", "blog_post").order("id", { ascending: false }).limit(2);
      expect(audit.error).toBeNull();
      expect(audit.data![0]!.details).toMatchObject({ postId: id, actionType: "updated", statusChange: "Published" });
      expect(audit.data![0]!.actor_email).toBe(ADMIN_EMAIL);

      const del = await raw(`/rest/v1/blog_posts?id=eq.${id}`, { method: "DELETE", token: adminToken });
      expect(del.status).toBe(204);
      expect(del.headers.get("content-range")).toBe("*/*");
      const gone = await client.from("blog_posts").select("id").eq("id", id);
      expect(gone.data).toEqual([]);
    });

    it("maps unique violations to 409 23505 and check violations to 400 23514", async () => {
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      const dup = await client.from("blog_posts").insert(post({ slug: "dubai-off-plan-investment-guide", language: "en" }));
      expect(dup.status).toBe(409);
      expect(dup.error!.code).toBe("23505");
      expect(dup.error!.message).toContain("blog_posts_language_slug_key");
      const bad = await client.from("blog_posts").insert(post({ category: "Cooking" }));
      expect(bad.status).toBe(400);
      expect(bad.error!.code).toBe("23514");
      const long = await client.from("blog_posts").insert(post({ title: "x".repeat(201) }));
      expect(long.status).toBe(400);
    });

    it("a row hidden by RLS gives 406 PGRST116 on a singular update", async () => {
      const { client } = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
      const draft = await srv.client(srv.api.serviceRoleKey).from("blog_posts").select("id").eq("published", false).limit(1).single();
      const r = await client.from("blog_posts").update({ title: "hijacked" }).eq("id", draft.data!.id).select().single();
      expect(r.status).toBe(406);
      expect(r.error!.code).toBe("PGRST116");
    });
  });

  describe("REST permission errors", () => {
    it("42501 is 401 for anon and 403 for a signed-in user", async () => {
      const anon = await srv.client().from("blog_posts").insert(post());
      expect(anon.status).toBe(401);
      expect(anon.error!.code).toBe("42501");
      const { client } = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
      const user = await client.from("blog_posts").insert(post());
      expect(user.status).toBe(403);
      expect(user.error!.code).toBe("42501");
      expect(user.error!.message).toContain("row-level security");
    });

    it("rejects bad and expired JWTs with PGRST301/PGRST303 and WWW-Authenticate", async () => {
      const forged = srv.api.anonKey.slice(0, -4) + "AAAA";
      const a = await raw("/rest/v1/blog_posts?select=id", { token: forged });
      expect(a.status).toBe(401);
      expect(((await a.json()) as { code: string }).code).toBe("PGRST301");
      const { signJwt } = await import("../../server/api/jwt.ts");
      const expired = signJwt(
        { role: "authenticated", sub: "00000000-0000-0000-0000-000000000000", exp: Math.floor(Date.now() / 1000) - 10 },
        srv.api.jwtSecret,
      );
      const b = await raw("/rest/v1/blog_posts?select=id", { token: expired });
      expect(b.status).toBe(401);
      expect(await b.json()).toEqual({ code: "PGRST303", details: null, hint: null, message: "JWT expired" });
      expect(b.headers.get("www-authenticate")).toContain('error="invalid_token"');
      const c = await fetch(`${srv.url}/rest/v1/blog_posts?select=id`);
      expect(c.status).toBe(401);
    });
  });

  describe("RPC", () => {
    it("calls functions, 404 PGRST202 for unknown ones", async () => {
      const anon = await srv.client().rpc("is_admin");
      expect(anon.error).toBeNull();
      expect(anon.data).toBe(false);
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await client.rpc("is_admin")).data).toBe(true);
      const counts = await client.rpc("lead_counts", { since: "2000-01-01T00:00:00Z" });
      expect(counts.error).toBeNull();
      expect(counts.data!.map((r) => r.form_type)).toEqual(["demo_booking", "newsletter", "sales_lead"]);
      const anonCounts = await srv.client().rpc("lead_counts", {});
      expect(anonCounts.status).toBe(401);
      const missing = await srv.client().rpc("nope" as never);
      expect(missing.status).toBe(404);
      expect(missing.error!.code).toBe("PGRST202");
    });
  });

  describe("row cap (max_rows 1000), the way PostgREST answers past it", () => {
    const N = 1100;
    beforeAll(async () => {
      const service = srv.client(srv.api.serviceRoleKey);
      const base = Date.parse("2026-01-01T00:00:00Z");
      const rows = Array.from({ length: N }, (_, i) =>
        post({ slug: `cap-${String(i).padStart(4, "0")}`, published: false, created_at: new Date(base + i * 1000).toISOString() }),
      );
      const { error } = await service.from("blog_posts").insert(rows);
      expect(error).toBeNull();
    });
    afterAll(async () => {
      await srv.client(srv.api.serviceRoleKey).from("blog_posts").delete().like("slug", "cap-%");
    });
    const get = (q: string, headers: Record<string, string> = {}) =>
      raw(`/rest/v1/blog_posts?select=slug&slug=like.cap-*&order=slug${q}`, { token: adminToken, headers });

    it("returns at most 1000 rows, 0-999/* without a count", async () => {
      const res = await get("");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-range")).toBe("0-999/*");
      expect(((await res.json()) as unknown[]).length).toBe(1000);
      const asked = await get("&limit=5000");
      expect(((await asked.json()) as unknown[]).length).toBe(1000);
      expect(asked.headers.get("content-range")).toBe("0-999/*");
    });

    it("with Prefer: count=exact, 206 and the true total; the next range reads the rest", async () => {
      const res = await get("", { Prefer: "count=exact" });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(`0-999/${N}`);
      const c = srv.client(srv.api.serviceRoleKey);
      const rest = await c.from("blog_posts").select("slug", { count: "exact" }).like("slug", "cap-%").order("slug").range(1000, 1999);
      expect(rest.status).toBe(206);
      expect(rest.count).toBe(N);
      expect(rest.data!.length).toBe(100);
      expect(rest.data![0]!.slug).toBe("cap-1000");
      expect(rest.data!.at(-1)!.slug).toBe("cap-1099");
      const head = await c.from("blog_posts").select("*", { count: "exact", head: true }).like("slug", "cap-%");
      expect(head.count).toBe(N);
    });

    it("an offset at the total is an empty 206; past it, 416 PGRST103 with Content-Range */total", async () => {
      const at = await get(`&offset=${N}`, { Prefer: "count=exact" });
      expect(at.status).toBe(206);
      expect(at.headers.get("content-range")).toBe(`*/${N}`);
      expect(await at.json()).toEqual([]);
      const past = await get(`&offset=${N + 1}`, { Prefer: "count=exact" });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`*/${N}`);
      expect(await past.json()).toEqual({
        code: "PGRST103",
        details: `An offset of ${N + 1} was requested, but there are only ${N} rows.`,
        hint: null,
        message: "Requested range not satisfiable",
      });
      const none = await raw("/rest/v1/blog_posts?select=slug&slug=eq.no-such-post&offset=1", {
        token: adminToken,
        headers: { Prefer: "count=exact" },
      });
      expect(none.status).toBe(416);
      expect(none.headers.get("content-range")).toBe("*/0");
      const noCount = await get(`&offset=${N + 5}`);
      expect(noCount.status).toBe(200);
      expect(noCount.headers.get("content-range")).toBe("*/*");
    });
  });

  describe("CORS", () => {
    it("answers preflights by echoing requested headers and exposes Content-Range and the API version", async () => {
      const res = await fetch(`${srv.url}/rest/v1/blog_posts?select=*`, {
        method: "OPTIONS",
        headers: {
          Origin: "https://example.org",
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "authorization,apikey,x-client-info,accept-profile,prefer",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-headers")).toBe("authorization,apikey,x-client-info,accept-profile,prefer");
      expect(res.headers.get("access-control-allow-methods")).toContain("PATCH");
      const get = await raw("/rest/v1/blog_posts?select=id", { headers: { Origin: "https://example.org" } });
      const exposed = get.headers.get("access-control-expose-headers")!;
      for (const h of ["Content-Range", "X-Supabase-Api-Version", "Retry-After"]) expect(exposed).toContain(h);
      for (const p of ["/auth/v1/token?grant_type=password", "/storage/v1/object/blog-images/x.png", "/functions/v1/submit-form"]) {
        const pre = await fetch(`${srv.url}${p}`, {
          method: "OPTIONS",
          headers: {
            Origin: "https://x.test",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "x-upsert,content-type",
          },
        });
        expect(pre.status).toBe(204);
        expect(pre.headers.get("access-control-allow-headers")).toBe("x-upsert,content-type");
      }
    });
  });
});
