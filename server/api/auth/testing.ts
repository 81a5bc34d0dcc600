/** For the /auth/v1 handler tests: a router over a scripted database, on a clock the test moves. */
import bcrypt from "bcryptjs";
import { signJwt, type JwtClaims } from "../jwt.ts";
import { harness, manualClock, scriptedDb, type Asked } from "../testing.ts";
import type { UserRow } from "../users.ts";
import type { AuthDeps } from "./context.ts";
import { authRouter } from "./index.ts";

export const SECRET = "a-test-secret-that-is-at-least-32-characters";
const ANON = signJwt({ role: "anon" }, SECRET);
export const PASSWORD = "correct horse battery staple";
const HASH = bcrypt.hashSync(PASSWORD, 4);

export function userRow(over: Partial<UserRow> = {}): UserRow {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    email: "admin@example.com",
    encrypted_password: HASH,
    email_confirmed_at: "2026-01-01T00:00:00Z",
    last_sign_in_at: null,
    raw_app_meta_data: {},
    raw_user_meta_data: {},
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    phone: null,
    banned_until: null,
    deleted_at: null,
    ...over,
  };
}

/** /auth/v1 over `answer` (see scriptedDb), with generous limits unless `deps` says otherwise. */
export function authHarness(answer: (sql: string, params: unknown[]) => unknown[] = () => [], deps: Partial<AuthDeps> = {}) {
  const { db, asked } = scriptedDb(answer);
  const clock = manualClock();
  const errors: unknown[] = [];
  const mail: number[] = [];
  const wide = { limit: 1000, windowSeconds: 60 };
  const router = authRouter({
    db,
    jwtSecret: SECRET,
    siteUrl: "https://site.example",
    jwtExpirySeconds: 3600,
    signInLimit: wide,
    signInAccountLimit: wide,
    signInIpLimit: wide,
    refreshIpLimit: wide,
    recoverIpLimit: wide,
    recoverEmailLimit: wide,
    onMailQueued: () => mail.push(1),
    onError: (e) => errors.push(e),
    now: clock.now,
    ...deps,
  });
  const send = harness("/auth/v1", router);
  /** A request with the anon key, and a bearer token when given. */
  const call = (
    method: "GET" | "POST" | "PUT",
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    send(method, `/auth/v1${url}`, {
      body: opts.body,
      headers: { apikey: ANON, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
  /** An access token for `user`'s session `sessionId`, issued now on the harness clock. */
  const accessToken = (claims: JwtClaims = {}, user = userRow()) => {
    const iat = Math.floor(clock.now().getTime() / 1000);
    return signJwt(
      { role: "authenticated", sub: user.id, session_id: "22222222-2222-4222-8222-222222222222", iat, exp: iat + 3600, ...claims },
      SECRET,
    );
  };
  return { call, asked, clock, errors, mail, accessToken };
}

/** Whether any statement asked contains `fragment`. */
export const askedFor = (asked: Asked[], fragment: string) => asked.filter((a) => a.sql.includes(fragment));
