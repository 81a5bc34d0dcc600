/** /rest/v1/rpc/:fn (supabase-js rpc()): calls a function of the public schema as the caller, by named arguments. */
import type { Request, Response } from "express";
import type { Principal } from "../http.ts";
import { pgrst, readBody } from "../http.ts";
import { Params, RESERVED, quoteIdent } from "../postgrest-query.ts";
import { BODY_LIMIT, contentRange, run, searchOf, sendBody, singleError, wantsObject, type RestContext } from "./context.ts";

export async function rpc(ctx: RestContext, req: Request, res: Response, p: Principal) {
  const name = String(req.params.fn);
  let args: Record<string, unknown> = {};
  const search = searchOf(req);
  if (req.method === "POST") {
    const buf = await readBody(req, BODY_LIMIT, () => pgrst(413, "PGRST102", "Request body is too large"));
    const text = buf.toString("utf8").trim();
    if (text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw pgrst(400, "PGRST102", "Empty or invalid json");
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw pgrst(400, "PGRST102", "Empty or invalid json");
      args = parsed as Record<string, unknown>;
    }
  } else {
    for (const [k, v] of search) if (!RESERVED.has(k)) args[k] = v;
  }
  let candidates = ctx.cache.functions.get(name);
  if (!candidates && (await ctx.cache.refreshIfStale())) candidates = ctx.cache.functions.get(name);
  const keys = Object.keys(args).sort();
  const fn = candidates?.find(
    (f) => keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  if (!fn) {
    throw pgrst(
      404,
      "PGRST202",
      `Could not find the function public.${name.slice(0, 63)}(${keys.join(", ").slice(0, 200)}) in the schema cache`,
      `Searched for the function public.${name.slice(0, 63)} with parameters ${keys.join(", ").slice(0, 200) || "without parameters"} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const params = new Params();
  const argSql = fn.args
    .filter((a) => a.name in args)
    .map((a) => {
      const v = args[a.name];
      const val = v === null || v === undefined ? null : typeof v === "object" ? JSON.stringify(v) : String(v);
      return `${quoteIdent(a.name)} := ${params.add(val)}::${a.type}`;
    })
    .join(", ");
  const call = `"public".${quoteIdent(fn.name)}(${argSql})`;
  const single = wantsObject(req);
  const result = await run(ctx, p, req, async (tx) => {
    if (fn.returnKind === "void") {
      await tx.query(`select ${call}`, params.values);
      return null;
    }
    if (fn.returnsSet || fn.returnKind === "composite") {
      const r = await tx.query<{ body: string; n: number }>(
        `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from ${call} _r`,
        params.values,
      );
      const row = r.rows[0]!;
      if (!fn.returnsSet || single) {
        if (row.n !== 1 && (single || fn.returnsSet)) throw singleError(row.n);
        return { body: JSON.stringify((JSON.parse(row.body) as unknown[])[0] ?? null), n: 1 };
      }
      return { body: row.body, n: row.n };
    }
    const r = await tx.query<{ body: string | null }>(`select to_json(${call})::text as body`, params.values);
    return { body: r.rows[0]?.body ?? "null", n: 1 };
  });
  if (result === null) {
    res.status(204).end();
    return;
  }
  res.status(200).type("application/json; charset=utf-8");
  if (fn.returnsSet) res.setHeader("Content-Range", contentRange(0, result.n, null));
  if (req.method === "HEAD") res.end();
  else sendBody(res, result.body);
}
