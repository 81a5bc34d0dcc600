/**
 * Signed newsletter links: base64url(JSON {e: email, p: purpose, x: expiry}) "." HMAC-SHA256 with
 * the server's JWT secret. A confirmation link expires (7 days); an unsubscribe link keeps working
 * (RFC 8058 asks that it does for as long as messages may be read).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenPurpose = "confirm" | "unsubscribe";
const CONFIRM_TTL_SECONDS = 7 * 24 * 3600;
const UNSUBSCRIBE_TTL_SECONDS = 5 * 365 * 24 * 3600;

const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const mac = (secret: string, body: string) => createHmac("sha256", `newsletter:${secret}`).update(body).digest();

export function signToken(secret: string, email: string, purpose: TokenPurpose, now = Date.now()): string {
  const ttl = purpose === "confirm" ? CONFIRM_TTL_SECONDS : UNSUBSCRIBE_TTL_SECONDS;
  const body = b64(JSON.stringify({ e: email.toLowerCase(), p: purpose, x: Math.floor(now / 1000) + ttl }));
  return `${body}.${b64(mac(secret, body))}`;
}

type TokenCheck = { ok: true; email: string } | { ok: false; reason: "invalid" | "expired" };

export function verifyToken(secret: string, token: unknown, purpose: TokenPurpose, now = Date.now()): TokenCheck {
  if (typeof token !== "string" || token.length > 1024) return { ok: false, reason: "invalid" };
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = mac(secret, body);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let data: { e?: unknown; p?: unknown; x?: unknown };
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (data.p !== purpose || typeof data.e !== "string" || typeof data.x !== "number") return { ok: false, reason: "invalid" };
  if (data.x * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, email: data.e };
}
