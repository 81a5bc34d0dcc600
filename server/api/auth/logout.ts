/** POST /auth/v1/logout?scope=global|local|others (supabase-js signOut): ends sessions, 204. */
import type { Request, Response } from "express";
import { authError } from "../http.ts";
import { sessionOf, type AuthContext } from "./context.ts";

export async function logout(ctx: AuthContext, req: Request, res: Response) {
  req.resume();
  const scope = String(req.query.scope ?? "global");
  if (!["global", "local", "others"].includes(scope)) {
    throw authError(400, "validation_failed", "Unsupported logout scope: must be global, local or others");
  }
  const { claims, user } = await sessionOf(ctx, req);
  const sid = String(claims.session_id);
  if (scope === "local") await ctx.db.query("delete from auth.sessions where id::text = $1", [sid]);
  else if (scope === "others") await ctx.db.query("delete from auth.sessions where user_id = $1 and id::text <> $2", [user.id, sid]);
  else await ctx.db.query("delete from auth.sessions where user_id = $1", [user.id]);
  res.status(204).end();
}
