/** /rest/v1: the PostgREST subset supabase-js uses, with PostgREST's statuses, headers and errors. */
import express, { type Request, type Response } from "express";
import type { Database, Queryable } from "../db/database.ts";
import { withRole } from "./context.ts";
import { HttpError, pgErrorToHttp, pgrst, principal, readBody, send, type Principal } from "./http.ts";
import { Params, RESERVED, buildOrder, buildSelect, buildWhere, nonNegativeInt, quoteIdent, type TableRef } from "./postgrest-query.ts";
import type { SchemaCache, TableInfo } from "./schema-cache.ts";

const OBJECT_MEDIA = "application/vnd.pgrst.object+json";
const BODY_LIMIT = 1024 * 1024;
/** Like Supabase's `max_rows`: no read returns more rows than this, whatever the limit asked. */
const MAX_ROWS = 1000;

interface Prefer {
  return: "minimal" | "representation" | "headers-only" | null;
  count: boolean;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
  missingDefault: boolean;
}

function parsePrefer(req: Request): Prefer {
  const raw = String(req.headers.prefer ?? "");
  const p: Prefer = { return: null, count: false, resolution: null, missingDefault: false };
  for (const part of raw.split(/[,;]/).map((s) => s.trim().toLowerCase())) {
    const [k, v] = part.split("=");
    if (k === "return" && (v === "minimal" || v === "representation" || v === "headers-only")) p.return = v;
    else if (k === "count" && (v === "exact" || v === "planned" || v === "estimated")) p.count = true;
    else if (k === "resolution" && (v === "merge-duplicates" || v === "ignore-duplicates")) p.resolution = v;
    else if (k === "missing" && v === "default") p.missingDefault = true;
  }
  return p;
}

function wantsObject(req: Request): boolean {
  const accept = String(req.headers.accept ?? "");
  if (accept.includes(OBJECT_MEDIA)) return true;
  const ok = accept === "" || accept.split(",").some((a) => /^\s*(\*\/\*|application\/\*|application\/json|application\/vnd\.pgrst\.array\+json)\s*(;.*)?$/i.test(a));
  if (!ok) {
    throw pgrst(406, "PGRST107", `None of these media types are available: ${accept.slice(0, 200)}`);
  }
  return false;
}

function checkProfile(req: Request) {
  for (const h of ["accept-profile", "content-profile"]) {
    const v = req.headers[h];
    if (typeof v === "string" && v !== "public") {
      throw pgrst(406, "PGRST106", `Invalid schema: ${v.slice(0, 63)}`, null, "Only the following schemas are exposed: public");
    }
  }
}

function rangeHeader(req: Request): { offset: number; limit: number | null } | null {
  const h = req.headers.range;
  if (typeof h !== "string") return null;
  const m = /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(h);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : null;
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

function singleError(n: number): HttpError {
  return pgrst(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${n} rows`);
}

async function parseJsonBody(req: Request): Promise<unknown> {
  const buf = await readBody(req, BODY_LIMIT, () =>
    pgrst(413, "PGRST102", "Request body is too large", `The body exceeds the limit of ${BODY_LIMIT} bytes`),
  );
  const ct = String(req.headers["content-type"] ?? "application/json");
  if (!/^application\/json\b/i.test(ct) && !/^text\/plain\b/i.test(ct)) {
    throw pgrst(415, "PGRST107", `Content-Type not acceptable: ${ct.slice(0, 100)}`);
  }
  const text = buf.toString("utf8").trim();
  if (!text) throw pgrst(400, "PGRST102", "Empty or invalid json");
  try {
    return JSON.parse(text);
  } catch {
    throw pgrst(400, "PGRST102", "Empty or invalid json");
  }
}

/** Sends a JSON text as is (no re-serialisation, no ETag: PostgREST sends none). */
function sendBody(res: Response, body: string) {
  const buf = Buffer.from(body, "utf8");
  res.setHeader("Content-Length", String(buf.length));
  res.end(buf);
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? "*" : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

export interface RestDeps {
  db: Database;
  cache: SchemaCache;
  jwtSecret: string;
  onError(e: unknown): void;
}

export function restRouter(deps: RestDeps): express.Router {
  const { db, cache, jwtSecret } = deps;
  const router = express.Router();

  async function table(name: string): Promise<TableInfo> {
    let t = cache.tables.get(name);
    if (!t && (await cache.refreshIfStale())) t = cache.tables.get(name);
    if (!t) {
      throw pgrst(404, "PGRST205", `Could not find the table 'public.${name.slice(0, 63)}' in the schema cache`);
    }
    return t;
  }

  function run<T>(p: Principal, req: Request, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return withRole(db, p.role, p.claims, fn, { method: req.method, path: req.path });
  }

  const handle =
    (fn: (req: Request, res: Response, p: Principal) => Promise<void>) =>
    async (req: Request, res: Response) => {
      let role = "anon";
      try {
        const p = principal(req, jwtSecret, "rest");
        role = p.role;
        checkProfile(req);
        await fn(req, res, p);
      } catch (e) {
        if (e instanceof HttpError) return send(res, e);
        const mapped = pgErrorToHttp(e, role);
        if (mapped) return send(res, mapped);
        deps.onError(e);
        send(res, pgrst(500, "PGRST000", "Internal server error"));
      }
    };

  const searchOf = (req: Request) => new URL(req.originalUrl, "http://localhost").searchParams;

  // ---------------------------------------------------------------- rpc
  const rpc = handle(async (req, res, p) => {
    const name = String(req.params.fn);
    let args: Record<string, unknown> = {};
    const search = searchOf(req);
    if (req.method === "POST") {
      const buf = await readBody(req, BODY_LIMIT, () => pgrst(413, "PGRST102", "Request body is too large"));
      const text = buf.toString("utf8").trim();
      if (text) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw pgrst(400, "PGRST102", "Empty or invalid json");
        }
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw pgrst(400, "PGRST102", "Empty or invalid json");
        args = parsed as Record<string, unknown>;
      }
    } else {
      for (const [k, v] of search) if (!RESERVED.has(k)) args[k] = v;
    }
    let candidates = cache.functions.get(name);
    if (!candidates && (await cache.refreshIfStale())) candidates = cache.functions.get(name);
    const keys = Object.keys(args).sort();
    const fn = candidates?.find(
      (f) => keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)),
    );
    if (!fn) {
      throw pgrst(
        404,
        "PGRST202",
        `Could not find the function public.${name.slice(0, 63)}(${keys.join(", ").slice(0, 200)}) in the schema cache`,
        `Searched for the function public.${name.slice(0, 63)} with parameters ${keys.join(", ").slice(0, 200) || "without parameters"} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      );
    }
    const params = new Params();
    const argSql = fn.args
      .filter((a) => a.name in args)
      .map((a) => {
        const v = args[a.name];
        const val = v === null || v === undefined ? null : typeof v === "object" ? JSON.stringify(v) : String(v);
        return `${quoteIdent(a.name)} := ${params.add(val)}::${a.type}`;
      })
      .join(", ");
    const call = `"public".${quoteIdent(fn.name)}(${argSql})`;
    const single = wantsObject(req);
    const result = await run(p, req, async (tx) => {
      if (fn.returnKind === "void") {
        await tx.query(`select ${call}`, params.values);
        return null;
      }
      if (fn.returnsSet || fn.returnKind === "composite") {
        const r = await tx.query<{ body: string; n: number }>(
          `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from ${call} _r`,
          params.values,
        );
        const row = r.rows[0]!;
        if (!fn.returnsSet || single) {
          if (row.n !== 1 && (single || fn.returnsSet)) throw singleError(row.n);
          return { body: JSON.stringify((JSON.parse(row.body) as unknown[])[0] ?? null), n: 1 };
        }
        return { body: row.body, n: row.n };
      }
      const r = await tx.query<{ body: string | null }>(`select to_json(${call})::text as body`, params.values);
      return { body: r.rows[0]?.body ?? "null", n: 1 };
    });
    if (result === null) {
      res.status(204).end();
      return;
    }
    res.status(200).type("application/json; charset=utf-8");
    if (fn.returnsSet) res.setHeader("Content-Range", contentRange(0, result.n, null));
    if (req.method === "HEAD") res.end();
    else sendBody(res, result.body);
  });
  router.post("/rpc/:fn", rpc);
  router.get("/rpc/:fn", rpc);
  router.head("/rpc/:fn", rpc);

  // ---------------------------------------------------------------- read
  const read = handle(async (req, res, p) => {
    const t = await table(String(req.params.table));
    const search = searchOf(req);
    const single = wantsObject(req);
    const prefer = parsePrefer(req);
    const params = new Params();
    const tref: TableRef = t;
    const proj = buildSelect(search.get("select"), tref);
    const where = buildWhere(search, tref, params);
    const order = buildOrder(search.get("order"), tref);
    const range = rangeHeader(req);
    let limit = nonNegativeInt(search.get("limit"), "limit");
    let offset = nonNegativeInt(search.get("offset"), "offset") ?? 0;
    if (limit === null && range) {
      limit = range.limit;
      if (search.get("offset") === null) offset = range.offset;
    }
    limit = limit === null ? MAX_ROWS : Math.min(limit, MAX_ROWS);
    const page = ` limit ${limit}${offset ? ` offset ${offset}` : ""}`;
    const from = `"public".${quoteIdent(t.name)} _src`;
    const countSql = prefer.count ? `, (select count(*) from ${from} where ${where})::bigint::text as total` : "";
    const sql = `select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::int as n${countSql}
                 from (select ${proj} from ${from} where ${where}${order}${page}) _pgrst_t`;
    const r = await run(p, req, (tx) => tx.query<{ body: string; n: number; total?: string }>(sql, params.values));
    const row = r.rows[0]!;
    const total = row.total !== undefined ? Number(row.total) : null;
    // PostgREST (RangeQuery.rangeStatusHeader): with a count, an offset past the total is 416 and a
    // response holding fewer rows than the total (a page, or a read cut at MAX_ROWS) is 206.
    if (total !== null && offset > total) {
      res.setHeader("Content-Range", `*/${total}`);
      throw pgrst(416, "PGRST103", "Requested range not satisfiable", `An offset of ${offset} was requested, but there are only ${total} rows.`);
    }
    res.setHeader("Content-Range", contentRange(offset, row.n, total));
    let body = row.body;
    if (single) {
      if (row.n !== 1) throw singleError(row.n);
      body = JSON.stringify((JSON.parse(row.body) as unknown[])[0]);
      res.type(`${OBJECT_MEDIA}; charset=utf-8`);
    } else {
      res.type("application/json; charset=utf-8");
    }
    const partial = total !== null && row.n < total;
    res.status(partial && !single ? 206 : 200);
    if (req.method === "HEAD") res.end();
    else sendBody(res, body);
  });
  router.get("/:table", read);
  router.head("/:table", read);

  // ---------------------------------------------------------------- write helpers
  function validateKeys(t: TableInfo, keys: Iterable<string>) {
    for (const k of keys) {
      if (!t.columns.has(k)) {
        throw pgrst(400, "PGRST204", `Could not find the '${k.slice(0, 63)}' column of '${t.name}' in the schema cache`);
      }
    }
  }

  async function respondWrite(
    req: Request,
    res: Response,
    p: Principal,
    t: TableInfo,
    prefer: Prefer,
    single: boolean,
    status: number,
    build: (params: Params, returning: boolean) => string,
  ) {
    const search = searchOf(req);
    const representation = prefer.return === "representation";
    const params = new Params();
    const statement = build(params, representation);
    const sql = representation
      ? `with _w as (${statement})
         select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::int as n
         from (select ${buildSelect(search.get("select"), t, "_w")} from _w) _pgrst_t`
      : statement;
    const row = await run(p, req, async (tx) => {
      const r = await tx.query<{ body: string; n: number }>(sql, params.values);
      const out = representation ? r.rows[0]! : { body: "[]", n: r.rowCount };
      // PostgREST rolls back a singular request that touched a number of rows other than one.
      if (single && out.n !== 1) throw singleError(out.n);
      return out;
    });
    res.setHeader("Content-Range", prefer.count ? contentRange(0, row.n, row.n) : "*/*");
    if (!representation) {
      res.status(req.method === "POST" ? 201 : 204).end();
      return;
    }
    let body = row.body;
    if (single) {
      body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
      res.type(`${OBJECT_MEDIA}; charset=utf-8`);
    } else res.type("application/json; charset=utf-8");
    res.status(status);
    sendBody(res, body);
  }

  // ---------------------------------------------------------------- insert
  router.post(
    "/:table",
    handle(async (req, res, p) => {
      const t = await table(String(req.params.table));
      const single = wantsObject(req);
      const prefer = parsePrefer(req);
      const body = await parseJsonBody(req);
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) {
        throw pgrst(400, "PGRST102", "All object keys must match", "Expected a JSON object or an array of JSON objects");
      }
      const search = searchOf(req);
      const columnsParam = search.get("columns");
      const keys = columnsParam
        ? columnsParam.split(",").map((s) => s.trim().replace(/^"|"$/g, ""))
        : [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
      validateKeys(t, keys);
      if (!t.insertable) throw pgrst(405, "PGRST117", `Cannot insert into ${t.name}`);
      if (rows.length === 0) {
        res.setHeader("Content-Range", "*/*");
        if (prefer.return === "representation") res.status(201).json([]);
        else res.status(201).end();
        return;
      }
      let conflict = "";
      if (prefer.resolution) {
        const target = search.get("on_conflict")?.split(",").map((s) => s.trim()) ?? t.primaryKey;
        validateKeys(t, target);
        if (!target.length) throw pgrst(400, "PGRST100", "\"failed to parse on_conflict\"", "no conflict target");
        const updates = keys.filter((k) => !target.includes(k));
        conflict =
          prefer.resolution === "ignore-duplicates" || !updates.length
            ? ` on conflict (${target.map(quoteIdent).join(", ")}) do nothing`
            : ` on conflict (${target.map(quoteIdent).join(", ")}) do update set ${updates.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`).join(", ")}`;
      }
      const cols = keys.map(quoteIdent).join(", ");
      await respondWrite(req, res, p, t, prefer, single, 201, (params, returning) =>
        keys.length
          ? `insert into "public".${quoteIdent(t.name)} (${cols})
             select ${cols} from json_populate_recordset(null::"public".${quoteIdent(t.name)}, ${params.add(JSON.stringify(rows))}::json)${conflict}
             ${returning ? "returning *" : ""}`
          : `insert into "public".${quoteIdent(t.name)} default values ${returning ? "returning *" : ""}`,
      );
    }),
  );

  // ---------------------------------------------------------------- update
  router.patch(
    "/:table",
    handle(async (req, res, p) => {
      const t = await table(String(req.params.table));
      const single = wantsObject(req);
      const prefer = parsePrefer(req);
      const body = await parseJsonBody(req);
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        throw pgrst(400, "PGRST102", "Empty or invalid json", "PATCH expects a single JSON object");
      }
      const keys = Object.keys(body);
      validateKeys(t, keys);
      const search = searchOf(req);
      await respondWrite(req, res, p, t, prefer, single, 200, (params, returning) => {
        const where = buildWhere(search, t, params);
        if (!keys.length) {
          // Nothing to change: PostgREST answers without touching any row.
          return `select * from "public".${quoteIdent(t.name)} _src where false`;
        }
        const set = keys.map((k) => `${quoteIdent(k)} = _v.${quoteIdent(k)}`).join(", ");
        return `update "public".${quoteIdent(t.name)} _src set ${set}
                from (select * from json_populate_record(null::"public".${quoteIdent(t.name)}, ${params.add(JSON.stringify(body))}::json)) _v
                where ${where} ${returning ? "returning _src.*" : ""}`;
      });
    }),
  );

  // ---------------------------------------------------------------- delete
  router.delete(
    "/:table",
    handle(async (req, res, p) => {
      const t = await table(String(req.params.table));
      const single = wantsObject(req);
      const prefer = parsePrefer(req);
      const search = searchOf(req);
      await respondWrite(req, res, p, t, prefer, single, 200, (params, returning) =>
        `delete from "public".${quoteIdent(t.name)} _src where ${buildWhere(search, t, params)} ${returning ? "returning _src.*" : ""}`,
      );
    }),
  );

  router.all(
    "/:table",
    handle(async (req) => {
      throw pgrst(405, "PGRST117", `Unsupported HTTP method: ${req.method}`);
    }),
  );
  router.all(
    "/",
    handle(async () => {
      throw pgrst(404, "PGRST125", "Invalid path specified in request URL");
    }),
  );

  return router;
}
