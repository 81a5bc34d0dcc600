/**
 * What every /rest/v1 endpoint shares: the schema cache, running a statement as the caller (role and
 * claims, RLS), PostgREST's headers (Prefer, Accept, Range, profiles), its JSON body rules and its
 * error wrapper.
 */
import type { Request, Response } from "express";
import type { Database, Queryable } from "../../db/database.ts";
import { withRole } from "../context.ts";
import { HttpError, pgErrorToHttp, pgrst, principal, readBody, send, type Principal } from "../http.ts";
import type { SchemaCache, TableInfo } from "../schema-cache.ts";

export interface RestDeps {
  db: Database;
  cache: SchemaCache;
  jwtSecret: string;
  onError(e: unknown): void;
}

export type RestContext = RestDeps;

export const OBJECT_MEDIA = "application/vnd.pgrst.object+json";
export const BODY_LIMIT = 1024 * 1024;
/** Like Supabase's `max_rows`: no read returns more rows than this, whatever the limit asked. */
export const MAX_ROWS = 1000;

export interface Prefer {
  return: "minimal" | "representation" | "headers-only" | null;
  count: boolean;
  resolution: "merge-duplicates" | "ignore-duplicates" | null;
  missingDefault: boolean;
}

export function parsePrefer(req: Request): Prefer {
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

export function wantsObject(req: Request): boolean {
  const accept = String(req.headers.accept ?? "");
  if (accept.includes(OBJECT_MEDIA)) return true;
  const ok =
    accept === "" ||
    accept.split(",").some((a) => /^\s*(\*\/\*|application\/\*|application\/json|application\/vnd\.pgrst\.array\+json)\s*(;.*)?$/i.test(a));
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

export function rangeHeader(req: Request): { offset: number; limit: number | null } | null {
  const h = req.headers.range;
  if (typeof h !== "string") return null;
  const m = /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(h);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : null;
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

export function singleError(n: number): HttpError {
  return pgrst(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${n} rows`);
}

export async function parseJsonBody(req: Request): Promise<unknown> {
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
export function sendBody(res: Response, body: string) {
  const buf = Buffer.from(body, "utf8");
  res.setHeader("Content-Length", String(buf.length));
  res.end(buf);
}

export function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? "*" : String(total);
  return n > 0 ? `${offset}-${offset + n - 1}/${t}` : `*/${t}`;
}

/** The table `name` from the schema cache (reloaded once if it is not there), or PostgREST's 404. */
export async function table(ctx: RestContext, name: string): Promise<TableInfo> {
  let t = ctx.cache.tables.get(name);
  if (!t && (await ctx.cache.refreshIfStale())) t = ctx.cache.tables.get(name);
  if (!t) {
    throw pgrst(404, "PGRST205", `Could not find the table 'public.${name.slice(0, 63)}' in the schema cache`);
  }
  return t;
}

/** Runs `fn` in one transaction as the caller (role, claims: RLS applies). */
export function run<T>(ctx: RestContext, p: Principal, req: Request, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withRole(ctx.db, p.role, p.claims, fn, { method: req.method, path: req.path });
}

export const searchOf = (req: Request) => new URL(req.originalUrl, "http://localhost").searchParams;

type RestEndpoint = (ctx: RestContext, req: Request, res: Response, p: Principal) => Promise<void>;

/**
 * PostgREST's wrapper: the caller (key and token), the schema profile, then the endpoint; a database
 * error is mapped to PostgREST's status for the caller's role, anything unexpected is a logged 500.
 */
export function restHandler(ctx: RestContext, fn: RestEndpoint) {
  return async (req: Request, res: Response) => {
    let role = "anon";
    try {
      const p = principal(req, ctx.jwtSecret, "rest");
      role = p.role;
      checkProfile(req);
      await fn(ctx, req, res, p);
    } catch (e) {
      if (e instanceof HttpError) return send(res, e);
      const mapped = pgErrorToHttp(e, role);
      if (mapped) return send(res, mapped);
      ctx.onError(e);
      send(res, pgrst(500, "PGRST000", "Internal server error"));
    }
  };
}
