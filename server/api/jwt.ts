/**
 * HS256 JSON Web Tokens (the only algorithm Supabase's symmetric keys use). Verification is jose's
 * (signature, algorithm allow-list, claim types, `exp`/`nbf` against the caller's clock); this file
 * only maps jose's errors to the reasons the API answers with.
 *
 * Signing stays synchronous (the fixed API keys are made at start-up and by the CLI and scripts, which
 * cannot await): it is the compact HS256 serialisation jose's `SignJWT` produces, byte for byte
 * (jwt.test.ts checks that, and that jose verifies what it signs).
 */
import { createHmac } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from "jose";

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url");
  return `${header}.${body}.${sig}`;
}

type VerifyFailure = "malformed" | "signature" | "expired" | "not_yet_valid" | "algorithm";
export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; reason: VerifyFailure };

/** A token whose `nbf` is at most this far ahead is accepted (clocks of issuers drift a little). */
export const NBF_LEEWAY_SECONDS = 30;

const keys = new Map<string, Promise<CryptoKey>>();

/** The secret as a non-extractable WebCrypto HMAC key, imported once per secret. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size > 16) keys.clear();
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Verifies an HS256 token at `now` (default: the system clock). `exp` has no leeway; `nbf` up to
 * NBF_LEEWAY_SECONDS ahead is accepted, further ahead it is "not_yet_valid" (not a bad signature).
 */
export async function verifyJwt(token: string, secret: string, now: Date = new Date()): Promise<VerifyResult> {
  // Decoding first (jose's decoders, which check the three parts and that the claims are an object)
  // keeps "malformed" apart from "signature" whatever the signature is.
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
    decodeJwt(token);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (alg !== "HS256") return { ok: false, reason: "algorithm" };
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ["HS256"], currentDate: now });
    return { ok: true, claims: payload as JwtClaims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
    if (e instanceof errors.JOSEAlgNotAllowed || e instanceof errors.JOSENotSupported) return { ok: false, reason: "algorithm" };
    if (e instanceof errors.JWTClaimValidationFailed) {
      // jose checks the signature before the claims: a claim failure is about a genuine token.
      if (e.claim === "exp") return { ok: false, reason: "expired" };
      if (e.claim !== "nbf" || e.reason === "invalid") return { ok: false, reason: "malformed" };
      const claims = e.payload as JwtClaims;
      const seconds = now.getTime() / 1000;
      if (typeof claims.nbf !== "number" || claims.nbf > seconds + NBF_LEEWAY_SECONDS) return { ok: false, reason: "not_yet_valid" };
      // Within the leeway: valid unless expired (jose checks `exp` after `nbf`, so it has not yet).
      if (claims.exp !== undefined && (typeof claims.exp !== "number" || claims.exp <= seconds)) return { ok: false, reason: "expired" };
      return { ok: true, claims };
    }
    if (e instanceof errors.JWSInvalid || e instanceof errors.JWTInvalid) return { ok: false, reason: "malformed" };
    return { ok: false, reason: "signature" };
  }
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
