// @vitest-environment node
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "../http.ts";
import { signJwt } from "../jwt.ts";
import { SchemaCache } from "../schema-cache.ts";
import { harness, manualClock, scriptedDb } from "../testing.ts";
import { restRouter } from "./index.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const ANON = signJwt({ role: "anon" }, SECRET);

/** /rest/v1 over a scripted database with one table, blog_posts; `result` answers the read. */
function setup(result: (sql: string) => object | Error = () => ({ body: "[]", n: 0 })) {
  const { db, asked } = scriptedDb((sql) => {
    if (!sql.includes("_pgrst_t")) return [];
    const r = result(sql);
    if (r instanceof Error) throw r;
    return [r];
  });
  const cache = new SchemaCache(db);
  cache.tables.set("blog_posts", {
    name: "blog_posts",
    columns: new Set(["id", "title", "published", "created_at"]),
    primaryKey: ["id"],
    insertable: true,
  });
  const clock = manualClock();
  const send = harness("/rest/v1", restRouter({ db, cache, jwtSecret: SECRET, onError: () => {} }), [verifyCredentials(SECRET, clock.now)]);
  const get = (url: string, headers: Record<string, string> = {}) =>
    send("GET", `/rest/v1${url}`, { headers: { apikey: ANON, ...headers } });
  return { get, send, asked };
}

const readSql = (asked: { sql: string; params: unknown[] }[]) => asked.find((a) => a.sql.includes("_pgrst_t"))!;

describe("GET /rest/v1/:table", () => {
  it("reads as the caller's role with filters, order and limit as SQL and every value a parameter", async () => {
    const { get, asked } = setup(() => ({ body: '[{"id":1,"title":"a"}]', n: 1 }));
    const res = await get("/blog_posts?select=id,title&published=eq.true&order=created_at.desc&limit=5");
    expect(res).toMatchObject({ status: 200, body: [{ id: 1, title: "a" }] });
    expect(res.headers["content-range"]).toBe("0-0/*");
    const q = readSql(asked);
    expect(q.sql).toContain('where _src."published" = $1 order by _src."created_at" desc limit 5');
    expect(q.params).toEqual(["true"]);
    expect(asked.find((a) => a.sql.includes("set_config('role'"))!.params[0]).toBe("anon");
  });

  it("never returns more than 1000 rows, and says 206 with the total when a count shows more", async () => {
    const { get, asked } = setup(() => ({ body: "[]", n: 1000, total: "1500" }));
    const res = await get("/blog_posts?limit=5000", { prefer: "count=exact" });
    expect(readSql(asked).sql).toContain("limit 1000");
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe("0-999/1500");
  });

  it("answers .single() on other than one row, an unknown table, another schema and an unknown column as PostgREST does", async () => {
    const { get } = setup(() => ({ body: "[{},{}]", n: 2 }));
    expect(await get("/blog_posts", { accept: "application/vnd.pgrst.object+json" })).toMatchObject({
      status: 406,
      body: { code: "PGRST116" },
    });
    expect(await get("/blog_posts", { "accept-profile": "auth" })).toMatchObject({ status: 406, body: { code: "PGRST106" } });
    expect(await get("/blog_posts?body=eq.x")).toMatchObject({ status: 400, body: { code: "42703" } });
    expect(await get("/secrets")).toMatchObject({ status: 404, body: { code: "PGRST205" } });
  });

  it("maps a database error by the caller's role", async () => {
    const denied = Object.assign(new Error("permission denied for table blog_posts"), { code: "42501" });
    const { get } = setup(() => denied);
    expect(await get("/blog_posts")).toMatchObject({
      status: 401,
      body: { code: "42501", message: "permission denied for table blog_posts" },
    });
  });

  it("refuses other methods on a table and paths that are not one", async () => {
    const { send } = setup();
    expect(await send("PUT", "/rest/v1/blog_posts", { headers: { apikey: ANON }, body: {} })).toMatchObject({
      status: 405,
      body: { code: "PGRST117" },
    });
    expect(await send("GET", "/rest/v1/", { headers: { apikey: ANON } })).toMatchObject({ status: 404, body: { code: "PGRST125" } });
  });
});
