/** HS256 JSON Web Tokens (the only algorithm Supabase's symmetric keys use). */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url");
  return `${header}.${body}.${sig}`;
}

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "algorithm" };

export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): VerifyResult {
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !parts[0] || !parts[1]) {
    return { ok: false, reason: "malformed" };
  }
  const [h, b, s] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(h, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(b, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (!header || typeof header !== "object" || !claims || typeof claims !== "object" || Array.isArray(claims)) {
    return { ok: false, reason: "malformed" };
  }
  if ((header as { alg?: unknown }).alg !== "HS256") return { ok: false, reason: "algorithm" };
  const expected = createHmac("sha256", secret).update(`${h}.${b}`).digest();
  const given = Buffer.from(s, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  const c = claims as JwtClaims;
  if (c.exp !== undefined && (typeof c.exp !== "number" || c.exp <= nowSeconds)) return { ok: false, reason: "expired" };
  if (c.nbf !== undefined && typeof c.nbf === "number" && c.nbf > nowSeconds + 30) return { ok: false, reason: "signature" };
  return { ok: true, claims: c };
}

/**
 * The JWT secret: JWT_SECRET when set (at least 32 characters, as Supabase requires), otherwise one
 * generated on first use and kept in `<dataDir>/jwt-secret` (mode 0600).
 */
export function loadJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
    return fromEnv;
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const s = readFileSync(file, "utf8").trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // Exclusive create: if another process made one first, use that one.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length < 32) throw new Error(`${file} holds no usable JWT secret; remove it to generate a new one`);
    return existing;
  }
  return secret;
}

/** Fixed issue/expiry times, so the keys are the same on every start (as Supabase's are). */
const KEY_IAT = 1735689600; // 2025-01-01
const KEY_EXP = 2050000000; // 2034-12-18

export function apiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  return {
    anonKey: signJwt({ iss: "supabase", ref: "embedded", role: "anon", iat: KEY_IAT, exp: KEY_EXP }, secret),
    serviceRoleKey: signJwt({ iss: "supabase", ref: "embedded", role: "service_role", iat: KEY_IAT, exp: KEY_EXP }, secret),
  };
}
