/**
 * The HTTP plumbing every endpoint of the Supabase-compatible API shares: errors in each service's
 * own shape (one `ErrorShape` per API family), the one body reader with its size limit, the one
 * handler wrapper, CORS, and who is calling (API key and bearer token, verified once per request).
 */
import type { NextFunction, Request, Response } from "express";
import { isPgError } from "../db/database.ts";
import { invalidTextAt } from "../../supabase/functions/_shared/text.ts";
import { verifyJwt, type JwtClaims, type VerifyResult } from "./jwt.ts";

export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === "object" && body && "message" in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

interface PgrstBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

/** PostgREST's error: {code, details, hint, message}. */
export const pgrst = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
) => new HttpError(status, { code, details, hint, message } satisfies PgrstBody, headers);

/** GoTrue's error: {code, message}. */
export const authError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { code, message }, headers);

/** Supabase Storage's error: {statusCode (a string), error, message}. */
export const storageError = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { statusCode: String(status), error, message }, headers);

/** This project's Edge Functions' error: {error, message, ...extra}. */
export const functionError = (status: number, error: string, message: string, extra: object = {}, headers: Record<string, string> = {}) =>
  new HttpError(status, { error, message, ...extra }, headers);

/**
 * How one API family answers what goes wrong while reading a JSON body, and what it answers when a
 * handler fails unexpectedly (the error itself goes to the log only).
 */
interface ErrorShape {
  tooLarge(limit: number): HttpError;
  badJson(detail: string): HttpError;
  badText(where: string): HttpError;
  internal(): HttpError;
}

export const AUTH_ERRORS: ErrorShape = {
  tooLarge: () => authError(413, "request_too_large", "Request body too large"),
  badJson: (detail) => authError(400, "bad_json", `Could not parse request body as JSON: ${detail.slice(0, 100)}`),
  badText: (where) =>
    authError(400, "validation_failed", `Invalid text in ${where || "the body"}: NUL characters and unpaired surrogates are not allowed`),
  internal: () => authError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information"),
};

/** An Edge Function's errors; `internal` says what could not be done. */
export const functionErrors = (internal: string): ErrorShape => ({
  tooLarge: (limit) => functionError(413, "payload_too_large", `The request is larger than ${limit} bytes`),
  badJson: () => functionError(400, "invalid_input", "The body must be a JSON object"),
  badText: () => functionError(400, "invalid_input", "The body contains invalid text"),
  internal: () => functionError(500, "internal", internal),
});

/**
 * The one handler wrapper: runs an endpoint, answers an HttpError as it is (status, headers, body)
 * and anything else as the family's 500 after logging it. A body not read to the end is drained, so
 * the connection stays usable.
 */
export function handler(
  shape: Pick<ErrorShape, "internal">,
  onError: (e: unknown) => void,
  fn: (req: Request, res: Response) => Promise<void>,
) {
  return async (req: Request, res: Response) => {
    try {
      await fn(req, res);
    } catch (e) {
      if (!req.readableEnded) req.resume();
      if (e instanceof HttpError) return send(res, e);
      onError(e);
      send(res, shape.internal());
    }
  };
}

/**
 * The body as a JSON object (an empty body is `{}`), at most `limit` bytes, with no NUL characters or
 * unpaired surrogates in any string; failures in the family's shape.
 */
export async function readJsonObject(req: Request, limit: number, shape: ErrorShape): Promise<Record<string, unknown>> {
  const buf = await readBody(req, limit, () => shape.tooLarge(limit));
  let parsed: unknown;
  try {
    parsed = JSON.parse(buf.toString("utf8") || "{}");
  } catch (e) {
    throw shape.badJson((e as Error).message);
  }
  if (!isJsonObject(parsed)) throw shape.badJson("expected an object");
  const bad = invalidTextAt(parsed);
  if (bad !== null) throw shape.badText(bad);
  return parsed;
}

function isJsonObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

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
  // A socket's request says whether its body arrived in full; an injected one (in-process-fetch.ts)
  // has no `complete` and always does.
  if (req.complete === false) throw new RequestAborted();
  return Buffer.concat(chunks);
}

/** A body that stopped before it was complete: answered 400 (if anyone is still listening). */
class RequestAborted extends HttpError {
  constructor() {
    const message = "The request body ended before it was complete";
    super(400, { code: "PGRST102", details: null, hint: null, message } satisfies PgrstBody);
  }
}

/** PostgreSQL SQLSTATE → HTTP status, as PostgREST maps it (never 503, which supabase-js retries). */
export function pgStatus(code: string, role: string): number {
  // PostgREST's custom status: `raise … using errcode = 'PT409'` answers 409.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom && custom[1] !== "503") return Number(custom[1]);
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "25006") return 405;
  if (code === "P0001") return 400;
  if (code === "42883") return 404;
  if (code === "42P01") return 404;
  if (code === "42P17") return 500;
  if (code === "57014") return 500;
  const cls = code.slice(0, 2);
  if (
    ["08", "09", "0L", "0P", "25", "2D", "2F", "38", "39", "3B", "40", "53", "54", "55", "57", "58", "F0", "HV", "P0", "XX"].includes(cls)
  ) {
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
const EXPOSED =
  "Content-Range, Range-Unit, Content-Profile, Content-Location, Location, Preference-Applied, X-Supabase-Api-Version, Retry-After, X-Relay-Error, ETag";
const DEFAULT_ALLOWED =
  "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, cache-control, x-supabase-api-version";

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
const API_ROLES: readonly ApiRole[] = ["anon", "authenticated", "service_role"];

export interface Principal {
  role: ApiRole;
  claims: JwtClaims;
  /** The raw bearer token (user access token or the key). */
  token: string;
}

/** The bearer token of the Authorization header, if any. */
export function bearer(req: Request): string | null {
  const h = req.headers.authorization;
  if (typeof h !== "string") return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/** The `apikey` header, or the `apikey` query parameter. */
export function apikeyOf(req: Request): string | null {
  const h = req.headers.apikey;
  if (typeof h === "string" && h) return h;
  const q = req.query.apikey;
  return typeof q === "string" && q ? q : null;
}

interface Credentials {
  secret: string;
  key: string | null;
  token: string | null;
  keyCheck: VerifyResult | null;
  tokenCheck: VerifyResult | null;
}

const credentials = new WeakMap<Request, Credentials>();

/**
 * Verifies the request's API key and bearer token (jose is asynchronous) at the API clock's `now()`,
 * once, before any handler: `principal` then reads the outcome synchronously. Refuses nothing itself.
 */
export function verifyCredentials(secret: string, now: () => Date) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const key = apikeyOf(req);
    const token = bearer(req) ?? key;
    const at = now();
    const keyCheck = key ? await verifyJwt(key, secret, at) : null;
    const tokenCheck = token === null ? null : token === key ? keyCheck : await verifyJwt(token, secret, at);
    credentials.set(req, { secret, key, token, keyCheck, tokenCheck });
    next();
  };
}

const TOKEN_MESSAGES = {
  expired: "JWT expired",
  not_yet_valid: "JWT not yet valid",
  malformed: "JWT could not be decoded",
  algorithm: "JWSError (JWSUnsupportedAlgorithm)",
  signature: "JWSError JWSInvalidSignature",
} as const;

/**
 * What the Supabase gateway and PostgREST do together: an `apikey` (anon or service_role key) is
 * required; the role comes from the bearer token when there is one, otherwise from the key.
 * `style` picks the error shape of the service answering. Needs `verifyCredentials` to have run.
 */
export function principal(req: Request, secret: string, style: "rest" | "storage" | "auth" | "functions"): Principal {
  const c = credentials.get(req);
  if (!c || c.secret !== secret) throw new Error("principal(): the request's credentials were not verified (verifyCredentials)");
  const { key, token } = c;
  if (!key && !token) {
    throw new HttpError(401, { message: "No API key found in request", hint: "No `apikey` request header or url param was found." });
  }
  if (c.keyCheck && !c.keyCheck.ok && c.keyCheck.reason !== "expired") {
    throw new HttpError(401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." });
  }
  const v = c.tokenCheck!;
  if (!v.ok) {
    const expired = v.reason === "expired";
    const message = TOKEN_MESSAGES[v.reason];
    if (style === "storage") {
      const text = expired ? "jwt expired" : v.reason === "not_yet_valid" ? "jwt not active" : "invalid signature";
      throw new HttpError(403, { statusCode: "403", error: "Unauthorized", message: text });
    }
    if (style === "functions") throw new HttpError(401, { code: 401, message: "Invalid JWT" });
    throw pgrst(401, expired || v.reason === "not_yet_valid" ? "PGRST303" : "PGRST301", message, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message}"`,
    });
  }
  const role = v.claims.role;
  if (!isApiRole(role)) {
    const r = typeof role === "string" ? role.slice(0, 64) : "";
    if (style === "storage") throw new HttpError(403, { statusCode: "403", error: "Unauthorized", message: `role "${r}" does not exist` });
    if (style === "functions") throw new HttpError(401, { code: 401, message: "Invalid JWT" });
    throw pgrst(401, "PGRST301", `role "${r}" does not exist`, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="role does not exist"`,
    });
  }
  return { role, claims: v.claims, token: token! };
}

function isApiRole(role: unknown): role is ApiRole {
  return API_ROLES.some((r) => r === role);
}

export function send(res: Response, e: HttpError) {
  for (const [k, val] of Object.entries(e.headers)) res.setHeader(k, val);
  res.status(e.status).json(e.body);
}

export { invalidTextAt };
