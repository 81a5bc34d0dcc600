/** GET and HEAD /rest/v1/:table (supabase-js select()): select, filters, order, limit/offset or Range, counts. */
import type { Request, Response } from "express";
import { pgrst, type Principal } from "../http.ts";
import { Params, buildOrder, buildSelect, buildWhere, nonNegativeInt, quoteIdent, type TableRef } from "../postgrest-query.ts";
import {
  MAX_ROWS,
  OBJECT_MEDIA,
  contentRange,
  parsePrefer,
  rangeHeader,
  run,
  searchOf,
  sendBody,
  singleError,
  table,
  wantsObject,
  type RestContext,
} from "./context.ts";

export async function read(ctx: RestContext, req: Request, res: Response, p: Principal) {
  const t = await table(ctx, String(req.params.table));
  const search = searchOf(req);
  const single = wantsObject(req);
  const prefer = parsePrefer(req);
  const params = new Params();
  const tref: TableRef = t;
  const proj = buildSelect(search.get("select"), tref);
  const where = buildWhere(search, tref, params);
  const order = buildOrder(search.get("order"), tref);
  const range = rangeHeader(req);
  let limit = nonNegativeInt(search.get("limit"), "limit");
  let offset = nonNegativeInt(search.get("offset"), "offset") ?? 0;
  if (limit === null && range) {
    limit = range.limit;
    if (search.get("offset") === null) offset = range.offset;
  }
  limit = limit === null ? MAX_ROWS : Math.min(limit, MAX_ROWS);
  const page = ` limit ${limit}${offset ? ` offset ${offset}` : ""}`;
  const from = `"public".${quoteIdent(t.name)} _src`;
  const countSql = prefer.count ? `, (select count(*) from ${from} where ${where})::bigint::text as total` : "";
  const sql = `select coalesce(json_agg(_pgrst_t), '[]')::text as body, count(*)::int as n${countSql}
               from (select ${proj} from ${from} where ${where}${order}${page}) _pgrst_t`;
  const r = await run(ctx, p, req, (tx) => tx.query<{ body: string; n: number; total?: string }>(sql, params.values));
  const row = r.rows[0]!;
  const total = row.total !== undefined ? Number(row.total) : null;
  // PostgREST (RangeQuery.rangeStatusHeader): with a count, an offset past the total is 416 and a
  // response holding fewer rows than the total (a page, or a read cut at MAX_ROWS) is 206.
  if (total !== null && offset > total) {
    res.setHeader("Content-Range", `*/${total}`);
    throw pgrst(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  res.setHeader("Content-Range", contentRange(offset, row.n, total));
  let body = row.body;
  if (single) {
    if (row.n !== 1) throw singleError(row.n);
    body = JSON.stringify((JSON.parse(row.body) as unknown[])[0]);
    res.type(`${OBJECT_MEDIA}; charset=utf-8`);
  } else {
    res.type("application/json; charset=utf-8");
  }
  const partial = total !== null && row.n < total;
  res.status(partial && !single ? 206 : 200);
  if (req.method === "HEAD") res.end();
  else sendBody(res, body);
}
