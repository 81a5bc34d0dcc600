/** POST /auth/v1/token?grant_type=…: the two grants the site uses; any other is GoTrue's 400. */
import type { Request, Response } from "express";
import { authError } from "../http.ts";
import type { AuthContext } from "./context.ts";
import { passwordGrant } from "./password-grant.ts";
import { refreshGrant } from "./refresh-grant.ts";

export async function token(ctx: AuthContext, req: Request, res: Response) {
  const grant = String(req.query.grant_type ?? "");
  if (grant === "password") return passwordGrant(ctx, req, res);
  if (grant === "refresh_token") return refreshGrant(ctx, req, res);
  req.resume();
  throw authError(400, "unsupported_grant_type", "unsupported_grant_type");
}
