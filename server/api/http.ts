/** Shared HTTP helpers for the Supabase-compatible API: bodies, errors, CORS, API keys. */
import type { NextFunction, Request, Response } from "express";
import { isPgError } from "../db/database.ts";
import { verifyJwt, type JwtClaims } from "./jwt.ts";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === "object" && body && "message" in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
  }
}

export interface PgrstBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export const pgrst = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null, headers: Record<string, string> = {}) =>
  new HttpError(status, { code, details, hint, message } satisfies PgrstBody, headers);

/** Reads the raw body up to `limit` bytes; a bigger body rejects with 413. */
export async function readBody(req: Request, limit: number, tooLarge: () => HttpError): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        req.resume();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    // The client went away mid-body (reset, or a half-close before Content-Length was reached).
    throw new RequestAborted();
  }
  if (!req.complete) throw new RequestAborted();
  return Buffer.concat(chunks);
}

/** A body that stopped before it was complete: answered 400 (if anyone is still listening). */
export class RequestAborted extends HttpError {
  constructor() {
    const message = "The request body ended before it was complete";
    super(400, { code: "PGRST102", details: null, hint: null, message } satisfies PgrstBody);
  }
}

/** PostgreSQL SQLSTATE → HTTP status, as PostgREST maps it (never 503, which supabase-js retries). */
export function pgStatus(code: string, role: string): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "P0001") return 400;
  if (code === "42883") return 404;
  if (code === "42P01") return 404;
  if (code === "42P17") return 500;
  if (code === "57014") return 500;
  const cls = code.slice(0, 2);
  if (["08", "09", "0L", "0P", "25", "2D", "2F", "38", "39", "3B", "40", "53", "54", "55", "57", "58", "F0", "HV", "P0", "XX"].includes(cls)) {
    if (cls === "0L" || cls === "0P" || cls === "28") return 403;
    if (cls === "54") return 413;
    return 500;
  }
  if (cls === "28") return 403;
  if (cls === "3D" || cls === "3F") return 404;
  return 400;
}

export function pgErrorToHttp(e: unknown, role: string): HttpError | null {
  // PGlite serializes some parameter types in JavaScript and throws a plain Error for a bad value
  // (PostgreSQL itself answers 22P02 for the same input): the same 400 on both backends.
  const serializer = e instanceof Error && !isPgError(e) ? /^Invalid input for (boolean|bytea|date) type$/.exec(e.message) : null;
  if (serializer) return pgrst(400, "22P02", `invalid input syntax for type ${serializer[1]}`);
  if (!isPgError(e)) return null;
  return pgrst(pgStatus(e.code!, role), e.code!, e.message, e.detail ?? null, e.hint ?? null);
}

// ---------------------------------------------------------------------------------------------
// CORS: any origin (the API is keyed, not cookie-authenticated), requested headers echoed, and the
// headers supabase-js reads exposed.
// ---------------------------------------------------------------------------------------------
const EXPOSED = "Content-Range, Range-Unit, Content-Profile, Content-Location, Location, Preference-Applied, X-Supabase-Api-Version, Retry-After, X-Relay-Error, ETag";
const DEFAULT_ALLOWED = "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, cache-control, x-supabase-api-version";

export function cors(req: Request, res: Response, next: NextFunction) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED);
  if (req.method === "OPTIONS") {
    const requested = req.headers["access-control-request-headers"];
    res.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    res.setHeader(
      "Access-Control-Allow-Headers",
      typeof requested === "string" && /^[\w\-, ]{1,2000}$/.test(requested) ? requested : DEFAULT_ALLOWED,
    );
    res.setHeader("Access-Control-Max-Age", "86400");
    res.setHeader("Vary", "Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
    res.status(204).end();
    return;
  }
  next();
}

// ---------------------------------------------------------------------------------------------
// Keys and roles
// ---------------------------------------------------------------------------------------------
export type ApiRole = "anon" | "authenticated" | "service_role";
export const API_ROLES: readonly ApiRole[] = ["anon", "authenticated", "service_role"];

export interface Principal {
  role: ApiRole;
  claims: JwtClaims;
  /** The raw bearer token (user access token or the key). */
  token: string;
}

function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  if (typeof h !== "string") return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

function apikeyOf(req: Request): string | null {
  const h = req.headers.apikey;
  if (typeof h === "string" && h) return h;
  const q = req.query.apikey;
  return typeof q === "string" && q ? q : null;
}

/**
 * What the Supabase gateway and PostgREST do together: an `apikey` (anon or service_role key) is
 * required; the role comes from the bearer token when there is one, otherwise from the key.
 * `style` picks the error shape of the service answering.
 */
export function principal(req: Request, secret: string, style: "rest" | "storage" | "auth" | "functions"): Principal {
  const key = apikeyOf(req);
  const token = bearer(req) ?? key;
  if (!key && !token) {
    throw new HttpError(401, { message: "No API key found in request", hint: "No `apikey` request header or url param was found." });
  }
  if (key) {
    const k = verifyJwt(key, secret);
    if (!k.ok && k.reason !== "expired") {
      throw new HttpError(401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." });
    }
  }
  const v = verifyJwt(token!, secret);
  if (!v.ok) {
    const expired = v.reason === "expired";
    const message = expired
      ? "JWT expired"
      : v.reason === "malformed"
        ? "JWT could not be decoded"
        : v.reason === "algorithm"
          ? "JWSError (JWSUnsupportedAlgorithm)"
          : "JWSError JWSInvalidSignature";
    if (style === "storage") {
      throw new HttpError(403, { statusCode: "403", error: "Unauthorized", message: expired ? "jwt expired" : "invalid signature" });
    }
    if (style === "functions") throw new HttpError(401, { code: 401, message: "Invalid JWT" });
    throw pgrst(401, expired ? "PGRST303" : "PGRST301", message, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  const role = v.claims.role;
  if (typeof role !== "string" || !API_ROLES.includes(role as ApiRole)) {
    const r = typeof role === "string" ? role.slice(0, 64) : "";
    if (style === "storage") throw new HttpError(403, { statusCode: "403", error: "Unauthorized", message: `role "${r}" does not exist` });
    if (style === "functions") throw new HttpError(401, { code: 401, message: "Invalid JWT" });
    throw pgrst(401, "PGRST301", `role "${r}" does not exist`, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="role does not exist"`,
    });
  }
  return { role: role as ApiRole, claims: v.claims, token: token! };
}

export function send(res: Response, e: HttpError) {
  for (const [k, val] of Object.entries(e.headers)) res.setHeader(k, val);
  res.status(e.status).json(e.body);
}

export { invalidTextAt, isStorableText } from "../../supabase/functions/_shared/text.ts";
