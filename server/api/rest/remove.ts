/** DELETE /rest/v1/:table (supabase-js delete()): the rows the filters select, as the caller (RLS). */
import type { Request, Response } from "express";
import type { Principal } from "../http.ts";
import { buildWhere, quoteIdent } from "../postgrest-query.ts";
import { parsePrefer, searchOf, table, wantsObject, type RestContext } from "./context.ts";
import { respondWrite } from "./write.ts";

export async function remove(ctx: RestContext, req: Request, res: Response, p: Principal) {
  const t = await table(ctx, String(req.params.table));
  const single = wantsObject(req);
  const prefer = parsePrefer(req);
  const search = searchOf(req);
  await respondWrite(
    ctx,
    req,
    res,
    p,
    t,
    prefer,
    single,
    200,
    (params, returning) =>
      `delete from "public".${quoteIdent(t.name)} _src where ${buildWhere(search, t, params)} ${returning ? "returning _src.*" : ""}`,
  );
}
