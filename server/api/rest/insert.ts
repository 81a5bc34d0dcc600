/** POST /rest/v1/:table (supabase-js insert() and upsert()): one object or an array, `columns`, on_conflict with Prefer: resolution=… */
import type { Request, Response } from "express";
import { pgrst, type Principal } from "../http.ts";
import { quoteIdent } from "../postgrest-query.ts";
import { parseJsonBody, parsePrefer, searchOf, table, wantsObject, type RestContext } from "./context.ts";
import { respondWrite, validateKeys } from "./write.ts";

export async function insert(ctx: RestContext, req: Request, res: Response, p: Principal) {
  const t = await table(ctx, String(req.params.table));
  const single = wantsObject(req);
  const prefer = parsePrefer(req);
  const body = await parseJsonBody(req);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) {
    throw pgrst(400, "PGRST102", "All object keys must match", "Expected a JSON object or an array of JSON objects");
  }
  const search = searchOf(req);
  const columnsParam = search.get("columns");
  const keys = columnsParam
    ? columnsParam.split(",").map((s) => s.trim().replace(/^"|"$/g, ""))
    : [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
  validateKeys(t, keys);
  if (!t.insertable) throw pgrst(405, "PGRST117", `Cannot insert into ${t.name}`);
  if (rows.length === 0) {
    res.setHeader("Content-Range", "*/*");
    if (prefer.return === "representation") res.status(201).json([]);
    else res.status(201).end();
    return;
  }
  let conflict = "";
  if (prefer.resolution) {
    const target =
      search
        .get("on_conflict")
        ?.split(",")
        .map((s) => s.trim()) ?? t.primaryKey;
    validateKeys(t, target);
    if (!target.length) throw pgrst(400, "PGRST100", '"failed to parse on_conflict"', "no conflict target");
    const updates = keys.filter((k) => !target.includes(k));
    conflict =
      prefer.resolution === "ignore-duplicates" || !updates.length
        ? ` on conflict (${target.map(quoteIdent).join(", ")}) do nothing`
        : ` on conflict (${target.map(quoteIdent).join(", ")}) do update set ${updates.map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`).join(", ")}`;
  }
  const cols = keys.map(quoteIdent).join(", ");
  await respondWrite(ctx, req, res, p, t, prefer, single, 201, (params, returning) =>
    keys.length
      ? `insert into "public".${quoteIdent(t.name)} (${cols})
         select ${cols} from json_populate_recordset(null::"public".${quoteIdent(t.name)}, ${params.add(JSON.stringify(rows))}::json)${conflict}
         ${returning ? "returning *" : ""}`
      : `insert into "public".${quoteIdent(t.name)} default values ${returning ? "returning *" : ""}`,
  );
}
