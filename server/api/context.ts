/**
 * One request = one transaction with the request's role and JWT claims, as PostgREST does it — plus
 * one thing PostgREST does not do: a user's access token counts only while its session lives.
 */
import type { Database, Queryable } from "../db/database.ts";
import { pgrst, type ApiRole } from "./http.ts";
import type { JwtClaims } from "./jwt.ts";

export const SESSION_ENDED = "Session from session_id claim in JWT does not exist";

/**
 * Sign-out means out: a user token whose session was ended (logout of any scope, refresh-token reuse,
 * a deleted or banned user) is refused from that moment, not when it expires. Checked in the request's
 * own transaction against auth.sessions, so every process sharing the database agrees at once; it
 * costs one primary-key lookup per signed-in request. Tokens without a session_id (keys, or tokens
 * minted with the JWT secret by the operator) are not session tokens and are not checked.
 */
async function assertLiveSession(tx: Queryable, claims: JwtClaims) {
  const sid = claims.session_id;
  if (claims.role !== "authenticated" || sid === undefined) return;
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  const r =
    typeof sid === "string" && /^[0-9a-f-]{36}$/i.test(sid)
      ? await tx.query<{ live: boolean }>(
          `select exists (
             select 1 from auth.sessions s join auth.users u on u.id = s.user_id
             where s.id = $1::uuid and u.id::text = $2 and u.deleted_at is null
               and (u.banned_until is null or u.banned_until <= now())
           ) as live`,
          [sid, sub],
        )
      : { rows: [{ live: false }] };
  if (!r.rows[0]?.live) {
    throw pgrst(401, "PGRST301", SESSION_ENDED, null, null, {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="session ended"`,
    });
  }
}

export interface RequestInfo {
  method?: string;
  path?: string;
}

export async function withRole<T>(
  db: Database,
  role: ApiRole,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  info: RequestInfo = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await assertLiveSession(tx, claims);
    // `role` is one of three fixed names (checked by the caller); claims are passed as parameters.
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claim.email', $4, true),
              set_config('request.method', $5, true),
              set_config('request.path', $6, true)`,
      [
        role,
        JSON.stringify(claims),
        typeof claims.sub === "string" ? claims.sub : "",
        typeof claims.email === "string" ? claims.email : "",
        info.method ?? "",
        info.path ?? "",
      ],
    );
    return fn(tx);
  });
}
