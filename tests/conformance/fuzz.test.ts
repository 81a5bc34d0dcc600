/**
 * Generated bad input against the REST filter grammar, the form endpoint, the auth token endpoint and
 * storage: never a 5xx, always a Supabase-shaped error body, and nothing stored unless the answer
 * says it was. Bounded: a fixed number of runs from a fixed seed (FUZZ_SEED / FUZZ_RUNS override;
 * fast-check prints the seed and the shrunk counterexample on failure).
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, PNG_1PX, signedIn, startServer, type TestServer } from "../support/api-server.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const params = { seed: SEED, numRuns: RUNS, endOnFailure: true };

// ------------------------------------------------------------------------------------- generators
/** Text with the characters that break parsers and databases: NUL, lone surrogates, quotes, grammar. */
const nasty = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom(
    "\u0000",
    "\ud800",
    "\udc00x",
    "a\u0000b",
    "'",
    '"',
    "\\",
    "(",
    ")",
    ",",
    ".",
    "*",
    "%",
    "{",
    "}",
    "->",
    "->>",
    "::",
    ";--",
    "maybe",
    "null",
    "NaN",
    "1e999",
    "-1",
    "99999999999999999999",
    "😀",
    "ي",
    "\u202e",
  ),
);
const pctJunk = fc.constantFrom("%", "%E0%A4%A", "%ZZ", "%00", "%ED%A0%80", "%C0%AF", "%FF", "%2", "%%");
/** encodeURIComponent throws on unpaired surrogates: replace them (raw broken sequences come from pctJunk). */
const enc = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"));
/** Either a properly encoded string or raw broken percent-encoding. */
const urlPiece = fc.oneof({ weight: 4, arbitrary: nasty.map(enc) }, { weight: 1, arbitrary: pctJunk });

const COLUMNS = [
  "id",
  "title",
  "slug",
  "published",
  "created_at",
  "read_time",
  "content",
  "published_at",
  "nope",
  "title->>x",
  "id->0",
  "",
];
const OPS = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "is",
  "isdistinct",
  "in",
  "cs",
  "cd",
  "ov",
  "sl",
  "sr",
  "nxr",
  "nxl",
  "adj",
  "fts",
  "plfts",
  "phfts",
  "wfts",
  "not.eq",
  "not.is",
  "eq(any)",
  "like(all)",
  "fts(english)",
  "fts(nope)",
  "zz",
];
const filter = fc.tuple(fc.constantFrom(...COLUMNS), fc.constantFrom(...OPS), urlPiece).map(([c, o, v]) => `${enc(c)}=${o}.${v}`);
const tree = fc
  .tuple(
    fc.constantFrom("or", "and", "not.or"),
    fc.array(fc.tuple(fc.constantFrom(...COLUMNS), fc.constantFrom(...OPS), urlPiece), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([k, parts, close]) => `${k}=(${parts.map(([c, o, v]) => `${enc(c)}.${o}.${v}`).join(",")}${close ? ")" : ""}`);
const extras = fc.oneof(
  urlPiece.map((v) => `select=${v}`),
  fc.constantFrom(
    "select=id::nope",
    "select=title->>x",
    "select=a:b:c",
    "select=*,author(*)",
    "order=title.sideways",
    "order=id->x.desc",
    "limit=99999999999999999",
    "offset=-1",
    "limit=1e3",
  ),
  urlPiece.map((v) => `order=${v}`),
  urlPiece.map((v) => `limit=${v}`),
);
const query = fc.array(fc.oneof(filter, tree, extras), { minLength: 1, maxLength: 4 }).map((xs) => xs.join("&"));

/** Any JSON-ish value, with nasty strings in it. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(nasty, tie("value"), { maxKeys: 3 }),
  ),
})).value;

const validForm = () => ({
  formType: "newsletter",
  payload: { email: `fuzz-${randomUUID().slice(0, 8)}@example.ae` },
  path: "/en",
  locale: "en",
  submissionId: randomUUID(),
});
/** A valid newsletter submission with one part replaced by generated input. */
const formBody = fc.oneof(
  fc
    .tuple(fc.constantFrom("formType", "path", "locale", "submissionId", "timeZone", "payload", "website"), jsonish)
    .map(([k, v]) => ({ ...validForm(), [k]: v })),
  fc.tuple(fc.constantFrom("email", "fullName", "phone", "message", "company"), jsonish).map(([k, v]) => {
    const b = validForm();
    return { ...b, payload: { ...b.payload, [k]: v } };
  }),
  jsonish,
);

// ------------------------------------------------------------------------------------- the runs
describe.each(backends)("fuzz on $name", (backend) => {
  let srv: TestServer;
  let teardown: (() => Promise<void>) | undefined;
  let adminToken: string;

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({
      databaseUrl: b.databaseUrl,
      env: { ...b.env, SUBMIT_RATE_LIMIT: "100000/60", AUTH_SIGNIN_ACCOUNT_RATE_LIMIT: "100000/60", AUTH_REFRESH_RATE_LIMIT: "100000/60" },
    });
    adminToken = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).session.access_token;
  });
  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  const send = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${srv.url}${path}`, {
      ...init,
      headers: {
        apikey: srv.api.anonKey,
        Authorization: `Bearer ${init.token ?? srv.api.anonKey}`,
        ...(init.headers as Record<string, string>),
      },
    });

  async function count(sql: string): Promise<number> {
    const r = await srv.api.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`);
    return r.rows[0]!.n;
  }

  /** No 5xx; an error body in the service's shape. */
  async function judge(res: Response, shape: "rest" | "auth" | "storage" | "functions" | "page", what: string): Promise<string> {
    const text = await res.text();
    expect(res.status, `${what} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
    if (res.status < 400 || res.status === 405 || !text || shape === "page") return text;
    const body = JSON.parse(text) as Record<string, unknown>;
    const keys = Object.keys(body);
    if (shape === "rest") expect(keys.sort(), what).toEqual(["code", "details", "hint", "message"]);
    if (shape === "storage") expect(keys, what).toEqual(expect.arrayContaining(["statusCode", "error", "message"]));
    if (shape === "auth") expect(keys, what).toEqual(expect.arrayContaining(["code", "message"]));
    if (shape === "functions") expect(typeof body.error === "string" || typeof body.message === "string", what).toBe(true);
    return text;
  }

  it("REST filter grammar: reads and writes with generated filters, selects and orders", async () => {
    const before = await count("public.blog_posts");
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.constantFrom("blog_posts", "form_submissions"),
        fc.constantFrom("GET", "PATCH", "DELETE"),
        fc.boolean(),
        async (q, table, method, admin) => {
          // Writes as the anonymous role only: they must all be refused, whatever the filter.
          const token = method === "GET" && admin ? adminToken : srv.api.anonKey;
          const body = method === "PATCH" ? JSON.stringify({ title: "fuzzed" }) : undefined;
          const res = await send(`/rest/v1/${table}?${q}`, {
            method,
            token,
            body,
            headers: body ? { "Content-Type": "application/json" } : {},
          });
          await judge(res, "rest", `${method} /rest/v1/${table}?${q}`);
        },
      ),
      params,
    );
    expect(await count("public.blog_posts")).toBe(before);
    expect(await count("public.blog_posts where title = 'fuzzed'")).toBe(0);
  });

  it("REST bodies: generated JSON inserted as anon is refused and stores nothing", async () => {
    const before = await count("public.form_submissions");
    await fc.assert(
      fc.asyncProperty(jsonish, fc.constantFrom("blog_posts", "form_submissions", "administrators"), async (value, table) => {
        const res = await send(`/rest/v1/${table}`, {
          method: "POST",
          body: JSON.stringify(value) ?? "null",
          headers: { "Content-Type": "application/json" },
        });
        await judge(res, "rest", `POST /rest/v1/${table} ${JSON.stringify(value)?.slice(0, 200)}`);
        // An empty array inserts nothing and is a 201, as in PostgREST; anything else is refused.
        if (!(Array.isArray(value) && value.length === 0)) expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      params,
    );
    expect(await count("public.form_submissions")).toBe(before);
  });

  it("form payloads: a row is stored exactly when the answer says so", async () => {
    await fc.assert(
      fc.asyncProperty(formBody, async (value) => {
        const before = await count("public.form_submissions");
        const res = await send("/functions/v1/submit-form", {
          method: "POST",
          body: JSON.stringify(value) ?? "null",
          headers: { "Content-Type": "application/json" },
        });
        await judge(res, "functions", `submit-form ${JSON.stringify(value)?.slice(0, 300)}`);
        const after = await count("public.form_submissions");
        // 201: one new row; anything else (including the honeypot's silent 201, which stores nothing,
        // and a replay's 200): none.
        const honeypot = value && typeof value === "object" && "website" in value && (value as { website: unknown }).website;
        expect(after - before, JSON.stringify(value)?.slice(0, 300)).toBe(res.status === 201 && !honeypot ? 1 : 0);
      }),
      params,
    );
  });

  it("auth token endpoint: generated grants and bodies never sign anyone in and never 5xx", async () => {
    const before = await count("auth.sessions");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("password", "refresh_token", "id_token", "", "%00", "%E0%A4%A"),
        fc.oneof(jsonish, fc.record({ email: jsonish, password: jsonish }), fc.record({ refresh_token: jsonish })),
        async (grant, value) => {
          const res = await send(`/auth/v1/token?grant_type=${grant}`, {
            method: "POST",
            body: JSON.stringify(value) ?? "null",
            headers: { "Content-Type": "application/json" },
          });
          await judge(res, "auth", `token?grant_type=${grant} ${JSON.stringify(value)?.slice(0, 200)}`);
          expect(res.status).toBeGreaterThanOrEqual(400);
        },
      ),
      params,
    );
    expect(await count("auth.sessions")).toBe(before);
  });

  it("storage: generated names, types, list and remove bodies; anonymous callers store nothing", async () => {
    const before = await count("storage.objects");
    await fc.assert(
      fc.asyncProperty(
        fc.array(urlPiece, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("image/png", "multipart/form-data; boundary=x", "multipart/form-data", "text/plain", "application/json", "\u00e9"),
        fc.oneof(
          fc.constant(PNG_1PX),
          fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
        ),
        jsonish,
        async (segments, type, bytes, listBody) => {
          const name = segments.join("/");
          const up = await send(`/storage/v1/object/blog-images/${name}`, {
            method: "POST",
            body: new Uint8Array(bytes),
            headers: { "Content-Type": /^[\x20-\x7e]*$/.test(type) ? type : "application/octet-stream" },
          });
          await judge(up, "storage", `upload ${name}`);
          expect(up.status).toBeGreaterThanOrEqual(400);
          const list = await send("/storage/v1/object/list/blog-images", {
            method: "POST",
            body: JSON.stringify(listBody) ?? "null",
            headers: { "Content-Type": "application/json" },
          });
          const listed = await judge(list, "storage", `list ${JSON.stringify(listBody)?.slice(0, 200)}`);
          // Anonymous callers list nothing.
          if (list.status === 200) expect(JSON.parse(listed)).toEqual([]);
          const rm = await send("/storage/v1/object/blog-images", {
            method: "DELETE",
            body: JSON.stringify({ prefixes: listBody }),
            headers: { "Content-Type": "application/json" },
          });
          await judge(rm, "storage", `remove ${JSON.stringify(listBody)?.slice(0, 200)}`);
          const get = await send(`/storage/v1/object/public/blog-images/${name}`);
          await judge(get, "storage", `download ${name}`);
        },
      ),
      params,
    );
    expect(await count("storage.objects")).toBe(before);
  });

  it("paths and methods: broken percent-encoding and unknown methods are 4xx everywhere", async () => {
    const { rawRequest } = await import("./raw-http.ts");
    for (const prefix of ["/rest/v1/", "/auth/v1/", "/storage/v1/object/public/blog-images/", "/functions/v1/", "/"]) {
      for (const junk of ["%E0%A4%A", "%ZZ", "%", "%ED%A0%80", "a%00b"]) {
        const res = await send(`${prefix}${junk}`);
        const shape = prefix.startsWith("/rest")
          ? "rest"
          : prefix.startsWith("/storage")
            ? "storage"
            : prefix.startsWith("/auth")
              ? "auth"
              : prefix.startsWith("/functions")
                ? "functions"
                : "page";
        await judge(res, shape, `GET ${prefix}${junk}`);
      }
      for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK"]) {
        const out = await rawRequest(srv.url, `${method} ${prefix}x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0`, "", "keep", 400);
        expect(out.status, `${method} ${prefix}`).toBe(405);
      }
    }
  });
});
