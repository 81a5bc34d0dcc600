/** One request = one transaction with the request's role and JWT claims, as PostgREST does it. */
import type { Database, Queryable } from "../db/database.ts";
import type { ApiRole } from "./http.ts";
import type { JwtClaims } from "./jwt.ts";

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
