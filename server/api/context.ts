/**
 * One request = one transaction with the request's role and JWT claims, as PostgREST does it — plus
 * one thing PostgREST does not do: a user's access token counts only while its session lives.
 *
 * Bounds (see docs/backend.md, "Limits and guarantees"):
 * - On PostgreSQL every request transaction gets hosted Supabase's statement timeout for its role
 *   (`set local statement_timeout`): anon 3 s, authenticated 8 s, service_role 15 s. A statement over it
 *   is cancelled by PostgreSQL (57014). PGlite cannot cancel a running statement (its timers are
 *   JavaScript timers that cannot fire while the WebAssembly engine runs), so there the expensive filter
 *   constructs are refused before they reach the engine (server/api/pattern-guard.ts).
 * - anon and authenticated requests run in the pool's "api" lane: they never take the connections
 *   reserved for form submissions, sign-ins and the server itself, and when every API connection is busy
 *   they get PostgREST's `504 PGRST003` with `Retry-After` instead of waiting without end.
 */
import { PoolBusyError, type Database, type Queryable } from "../db/database.ts";
import { pgrst, type ApiRole } from "./http.ts";
import type { JwtClaims } from "./jwt.ts";

const SESSION_ENDED = "Session from session_id claim in JWT does not exist";

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

interface RequestInfo {
  method?: string;
  path?: string;
  /**
   * The server's own reads for a form submission (the market calendars, the busy slots), made as anon
   * for least privilege: they run in the reserved lane with the submission, so visitors' API traffic
   * holding every API connection cannot turn a lead away.
   */
  reserved?: boolean;
}

/** Statement timeouts in milliseconds, per role (hosted Supabase: anon 3 s, authenticated 8 s). */
const STATEMENT_TIMEOUT_MS: Record<ApiRole, number> = {
  anon: 3_000,
  authenticated: 8_000,
  service_role: 15_000,
};

export async function withRole<T>(
  db: Database,
  role: ApiRole,
  claims: JwtClaims,
  fn: (tx: Queryable) => Promise<T>,
  info: RequestInfo = {},
): Promise<T> {
  const timeout = STATEMENT_TIMEOUT_MS[role];
  if (timeout === undefined) throw new Error(`unknown API role ${String(role)}`);
  try {
    return await db.transaction(
      async (tx) => {
        await assertLiveSession(tx, claims);
        // `role` is one of three fixed names (checked above); claims are passed as parameters. The
        // statement timeout only on PostgreSQL: PGlite would not enforce it (see above), and a timer
        // left armed there could fire during a later statement.
        const pgOnly = db.kind === "postgres" ? ", set_config('statement_timeout', $7, true)" : "";
        const params = [
          role,
          JSON.stringify(claims),
          typeof claims.sub === "string" ? claims.sub : "",
          typeof claims.email === "string" ? claims.email : "",
          info.method ?? "",
          info.path ?? "",
        ];
        if (pgOnly) params.push(String(timeout));
        await tx.query(
          `select set_config('role', $1, true),
                  set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true),
                  set_config('request.jwt.claim.role', $1, true),
                  set_config('request.jwt.claim.email', $4, true),
                  set_config('request.method', $5, true),
                  set_config('request.path', $6, true)${pgOnly}`,
          params,
        );
        return fn(tx);
      },
      role === "service_role" || info.reserved ? undefined : { lane: "api" },
    );
  } catch (e) {
    if (e instanceof PoolBusyError) {
      throw pgrst(504, "PGRST003", "Timed out acquiring connection from connection pool.", null, "The server is busy: retry in a moment.", {
        "Retry-After": "1",
      });
    }
    throw e;
  }
}
