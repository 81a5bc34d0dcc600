/** GET /auth/v1/user (supabase-js getUser): the user of a live session. */
import type { Request, Response } from "express";
import { userJson } from "../users.ts";
import { sessionOf, type AuthContext } from "./context.ts";

export async function getUser(ctx: AuthContext, req: Request, res: Response) {
  const { user } = await sessionOf(ctx, req);
  res.status(200).json(userJson(user));
}
