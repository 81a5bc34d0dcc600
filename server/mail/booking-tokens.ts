/**
 * The visitor's booking links (docs/markets.md): base64url(JSON {b: booking id, s: sequence, x: expiry})
 * "." HMAC-SHA256 with the server's JWT secret. A link expires at the booking's start, and works for one
 * version of the booking only: every change (by the visitor or by staff) bumps the sequence, and the
 * database functions refuse a link made for an older one. No personal data in the token.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const b64 = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const mac = (secret: string, body: string) => createHmac("sha256", `booking:${secret}`).update(body).digest();

interface BookingTokenData {
  bookingId: string;
  sequence: number;
}

export function signBookingToken(secret: string, bookingId: string, sequence: number, startsAt: Date | string): string {
  const x = Math.floor(new Date(startsAt).getTime() / 1000);
  const body = b64(JSON.stringify({ b: bookingId, s: sequence, x }));
  return `${body}.${b64(mac(secret, body))}`;
}

type BookingTokenCheck = ({ ok: true } & BookingTokenData) | { ok: false; reason: "invalid" | "expired" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function verifyBookingToken(secret: string, token: unknown, now = Date.now()): BookingTokenCheck {
  if (typeof token !== "string" || token.length > 512) return { ok: false, reason: "invalid" };
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = mac(secret, body);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let data: { b?: unknown; s?: unknown; x?: unknown };
  try {
    data = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof data.b !== "string" || !UUID.test(data.b) || !Number.isInteger(data.s) || typeof data.x !== "number") {
    return { ok: false, reason: "invalid" };
  }
  if (data.x * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, bookingId: data.b, sequence: data.s as number };
}

/** The visitor's page for a booking link, in their language. */
export const bookingLinkPath = (locale: "ar" | "en", token: string) => `${locale === "en" ? "/en" : ""}/booking/${token}`;
