/** Accounts in auth.users (embedded only; on hosted Supabase, GoTrue owns them). */
import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/database.ts";

import { assertAcceptablePassword } from "./password-policy.ts";

export const BCRYPT_COST = 10;

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | string;
  raw_user_meta_data: Record<string, unknown> | string;
  created_at: Date | string;
  updated_at: Date | string;
  phone: string | null;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const obj = (v: Record<string, unknown> | string | null | undefined): Record<string, unknown> =>
  typeof v === "string" ? (JSON.parse(v) as Record<string, unknown>) : (v ?? {});

/** The user object GoTrue returns. */
export function userJson(u: UserRow) {
  const created = iso(u.created_at)!;
  return {
    id: u.id,
    aud: "authenticated",
    role: "authenticated",
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? "",
    confirmed_at: iso(u.email_confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: { provider: "email", providers: ["email"], ...obj(u.raw_app_meta_data) },
    user_metadata: obj(u.raw_user_meta_data),
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: true, phone_verified: false, sub: u.id },
        provider: "email",
        last_sign_in_at: iso(u.last_sign_in_at),
        created_at: created,
        updated_at: iso(u.updated_at),
        email: u.email,
      },
    ],
    created_at: created,
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function isPlausibleEmail(email: string): boolean {
  // One address, nothing else: a dot-atom local part (no commas, semicolons, quotes or brackets, which a
  // mail server reads as a list or a display name: "victim@evil.example,rt.co" went to victim@evil.example)
  // and a domain of letter-digit-hyphen labels.
  if (email.length > 254) return false;
  const m =
    /^([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*)@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,62})$/.exec(
      email,
    );
  return m !== null && m[1]!.length <= 64;
}

/** A strong random password (144 bits), URL-safe. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>("select * from auth.users where lower(email) = $1 and deleted_at is null limit 1", [
    normalizeEmail(email),
  ]);
  return r.rows[0] ?? null;
}

interface EnsureUserResult {
  id: string;
  email: string;
  created: boolean;
  madeAdmin: boolean;
}

/**
 * Creates the user if missing (or sets the password when `resetPassword`), and optionally lists it as
 * an administrator. Runs in the caller's transaction, as the owner role (no RLS).
 */
export async function ensureUser(
  q: Queryable,
  email: string,
  password: string | null,
  opts: { admin: boolean; resetPassword?: boolean },
): Promise<EnsureUserResult> {
  const e = normalizeEmail(email);
  if (!isPlausibleEmail(e)) throw new Error(`Not a valid email address: ${email}`);
  if (password !== null) await assertAcceptablePassword(password);
  let user = await findUserByEmail(q, e);
  let created = false;
  if (!user) {
    if (password === null) throw new Error("A password is required to create a user");
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const r = await q.query<UserRow>("insert into auth.users (email, encrypted_password) values ($1, $2) returning *", [e, hash]);
    user = r.rows[0]!;
    created = true;
  } else if (password !== null && opts.resetPassword) {
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    await q.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [user.id, hash]);
  }
  let madeAdmin = false;
  if (opts.admin) {
    const r = await q.query("insert into public.administrators (user_id, role) values ($1, 'owner') on conflict do nothing", [user.id]);
    madeAdmin = r.rowCount > 0;
  }
  return { id: user.id, email: e, created, madeAdmin };
}
