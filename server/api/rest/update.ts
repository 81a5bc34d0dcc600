/** PATCH /rest/v1/:table (supabase-js update()): the rows the filters select, as the caller (RLS). */
import type { Request, Response } from "express";
import { pgrst, type Principal } from "../http.ts";
import { buildWhere, quoteIdent } from "../postgrest-query.ts";
import { parseJsonBody, parsePrefer, searchOf, table, wantsObject, type RestContext } from "./context.ts";
import { respondWrite, validateKeys } from "./write.ts";

export async function update(ctx: RestContext, req: Request, res: Response, p: Principal) {
  const t = await table(ctx, String(req.params.table));
  const single = wantsObject(req);
  const prefer = parsePrefer(req);
  const body = await parseJsonBody(req);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw pgrst(400, "PGRST102", "Empty or invalid json", "PATCH expects a single JSON object");
  }
  const keys = Object.keys(body);
  validateKeys(t, keys);
  const search = searchOf(req);
  await respondWrite(ctx, req, res, p, t, prefer, single, 200, (params, returning) => {
    const where = buildWhere(search, t, params);
    if (!keys.length) {
      // Nothing to change: PostgREST answers without touching any row.
      return `select * from "public".${quoteIdent(t.name)} _src where false`;
    }
    const set = keys.map((k) => `${quoteIdent(k)} = _v.${quoteIdent(k)}`).join(", ");
    return `update "public".${quoteIdent(t.name)} _src set ${set}
            from (select * from json_populate_record(null::"public".${quoteIdent(t.name)}, ${params.add(JSON.stringify(body))}::json)) _v
            where ${where} ${returning ? "returning _src.*" : ""}`;
  });
}
