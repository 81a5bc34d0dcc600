/**
 * POST /auth/v1/token?grant_type=password {email, password} (supabase-js signInWithPassword).
 * Unknown email and wrong password take the same time and give the same 400; failures are limited per
 * email+address, per email and per address, each reserved before the password is compared.
 */
import bcrypt from "bcryptjs";
import type { Request, Response } from "express";
import { clientAddress } from "../client-address.ts";
import { AUTH_ERRORS, authError, readJsonObject } from "../http.ts";
import { normalizeEmail, type UserRow } from "../users.ts";
import { auditSignIn, isBanned, startSession, type AuthContext } from "./context.ts";

export const BODY_LIMIT = 16 * 1024;

// A valid bcrypt hash (cost 10, BCRYPT_COST) of 32 random bytes nobody kept: compared against when the email
// is unknown, so that both cases take the same time (an unknown email fails whatever the comparison says).
// A literal rather than hashSync at import, which held up every start by about half a second of CPU.
const DUMMY_HASH = "$2b$10$r9W6U9iMAlSGHk/7MKDUwuc6LuimLMrKnUiWxK4X1u8Xhic./K4te";

export async function passwordGrant(ctx: AuthContext, req: Request, res: Response) {
  const body = await readJsonObject(req, BODY_LIMIT, AUTH_ERRORS);
  const email = typeof body.email === "string" ? normalizeEmail(body.email) : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email) throw authError(400, "validation_failed", "missing email or phone");
  if (email.length > 320) throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
  const ip = clientAddress(req);
  // Reserve a slot in every limit before the password is compared: parallel guesses cannot all pass
  // a check made before any of them was counted. Slots are given back after a success.
  const taken: { release(): void }[] = [];
  for (const limit of ctx.signInLimits) {
    const key = limit.key(email, ip);
    const slot = await limit.limiter.take(key);
    if (!slot.ok) {
      for (const t of taken) t.release();
      // One audit row per throttled key and window, so a flood cannot flood the audit table.
      if ((await limit.audited.hit(key)).ok)
        await ctx.db.transaction((tx) => auditSignIn(tx, email, null, false, req, "throttled")).catch(ctx.onError);
      throw authError(429, "over_request_rate_limit", "Request rate limit reached", { "Retry-After": String(slot.retryAfter) });
    }
    taken.push(slot);
  }
  const found = await ctx.db.query<UserRow>("select * from auth.users where lower(email) = $1 and deleted_at is null limit 1", [email]);
  const user = found.rows[0] ?? null;
  const valid = await bcrypt.compare(password.slice(0, 72 * 4), user?.encrypted_password ?? DUMMY_HASH);
  if (!user || !valid || isBanned(ctx, user) || !password) {
    // The reserved slots stay taken: they are the failures counted.
    await ctx.db.transaction((tx) => auditSignIn(tx, email, user?.id ?? null, false, req, "invalid_credentials"));
    throw authError(400, "invalid_credentials", "Invalid login credentials");
  }
  for (const t of taken) t.release();
  await ctx.signInLimits[0]!.limiter.reset(ctx.signInLimits[0]!.key(email, ip));
  const out = await ctx.db.transaction(async (tx) => {
    await auditSignIn(tx, email, user.id, true, req);
    return startSession(ctx, tx, user, req, "password");
  });
  res.status(200).json(out);
}
