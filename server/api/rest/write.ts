/** What insert, update and delete share: column checks, and running the statement with Prefer: return=… */
import type { Request, Response } from "express";
import { pgrst, type Principal } from "../http.ts";
import { Params, buildSelect } from "../postgrest-query.ts";
import type { TableInfo } from "../schema-cache.ts";
import { OBJECT_MEDIA, contentRange, run, searchOf, sendBody, singleError, type Prefer, type RestContext } from "./context.ts";

export function validateKeys(t: TableInfo, keys: Iterable<string>) {
  for (const k of keys) {
    if (!t.columns.has(k)) {
      throw pgrst(400, "PGRST204", `Could not find the '${k.slice(0, 63)}' column of '${t.name}' in the schema cache`);
    }
  }
}

export async function respondWrite(
  ctx: RestContext,
  req: Request,
  res: Response,
  p: Principal,
  t: TableInfo,
  prefer: Prefer,
  single: boolean,
  status: number,
  build: (params: Params, returning: boolean) => string,
) {
  const search = searchOf(req);
  const representation = prefer.return === "representation";
  const params = new Params();
  const statement = build(params, representation);
  const sql = representation
    ? `with _w as (${statement})
       select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::int as n
       from (select ${buildSelect(search.get("select"), t, "_w")} from _w) _pgrst_t`
    : statement;
  const row = await run(ctx, p, req, async (tx) => {
    const r = await tx.query<{ body: string; n: number }>(sql, params.values);
    const out = representation ? r.rows[0]! : { body: "[]", n: r.rowCount };
    // PostgREST rolls back a singular request that touched a number of rows other than one.
    if (single && out.n !== 1) throw singleError(out.n);
    return out;
  });
  res.setHeader("Content-Range", prefer.count ? contentRange(0, row.n, row.n) : "*/*");
  if (!representation) {
    res.status(req.method === "POST" ? 201 : 204).end();
    return;
  }
  let body = row.body;
  if (single) {
    body = JSON.stringify((JSON.parse(body) as unknown[])[0]);
    res.type(`${OBJECT_MEDIA}; charset=utf-8`);
  } else res.type("application/json; charset=utf-8");
  res.status(status);
  sendBody(res, body);
}
