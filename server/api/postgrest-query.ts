/**
 * The PostgREST URL grammar subset: select lists, filters (incl. not/or/and trees), order, limits.
 * Everything becomes SQL with quoted identifiers checked against the schema cache and values passed
 * as parameters; nothing from the URL is ever spliced into SQL text.
 */
import { pgrst, type HttpError } from "./http.ts";
import { checkPattern } from "./pattern-guard.ts";

export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const quoteLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

export class Params {
  values: unknown[] = [];
  /** Regular expressions in this query so far (see pattern-guard.ts). */
  regexes = 0;
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export interface TableRef {
  name: string;
  columns: Set<string>;
}

const unknownColumn = (table: string, col: string): HttpError => pgrst(400, "42703", `column ${table}.${col} does not exist`);

const parseError = (what: string, details: string): HttpError => pgrst(400, "PGRST100", `"failed to parse ${what}"`, details);

// ---------------------------------------------------------------------------------------------
// Column references, incl. JSON paths: col, col->key, col->>key, col->0->>k
// ---------------------------------------------------------------------------------------------
interface ColumnRef {
  column: string;
  path: { arrow: "->" | "->>"; key: string }[];
}

function parseColumnRef(raw: string, what: string): ColumnRef {
  const m = /^([^\s\->.,()"':]+)((?:->>?[^\s\->,()"':]+)*)$/u.exec(raw.trim());
  if (!m) throw parseError(what, `unexpected "${raw.slice(0, 60)}" expecting a column name`);
  const path: ColumnRef["path"] = [];
  const re = /(->>?)([^\s\->,()"':]+)/gu;
  let p: RegExpExecArray | null;
  while ((p = re.exec(m[2] ?? ""))) {
    const key = p[2]!;
    if (!/^-?\d+$/.test(key) && !/^[\p{L}\p{N}_$ ]{1,63}$/u.test(key)) throw parseError(what, `invalid JSON key "${key}"`);
    path.push({ arrow: p[1] as "->" | "->>", key });
  }
  return { column: m[1]!, path };
}

function columnSql(ref: ColumnRef, table: TableRef, alias = "_src"): string {
  if (!table.columns.has(ref.column)) throw unknownColumn(table.name, ref.column);
  let sql = `${alias}.${quoteIdent(ref.column)}`;
  for (const step of ref.path) sql += `${step.arrow}${/^-?\d+$/.test(step.key) ? step.key : quoteLiteral(step.key)}`;
  return sql;
}

// ---------------------------------------------------------------------------------------------
// select=
// ---------------------------------------------------------------------------------------------
const CASTS = new Set([
  "text",
  "int",
  "int4",
  "integer",
  "bigint",
  "int8",
  "numeric",
  "boolean",
  "bool",
  "date",
  "timestamptz",
  "timestamp",
  "json",
  "jsonb",
  "uuid",
  "float8",
  "real",
]);

function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      cur += ch;
      if (ch === "\\" && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if (depth < 0) throw parseError("logic tree", `unbalanced parentheses in "${s.slice(0, 60)}"`);
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (depth !== 0 || quoted) throw parseError("logic tree", `unbalanced parentheses or quotes in "${s.slice(0, 60)}"`);
  out.push(cur);
  return out;
}

export function buildSelect(select: string | null, table: TableRef, alias = "_src"): string {
  const raw = (select ?? "*").trim() || "*";
  const items = splitTopLevel(raw).map((s) => s.trim());
  const out: string[] = [];
  for (const item of items) {
    if (item === "*") {
      out.push(`${alias}.*`);
      continue;
    }
    if (item.includes("(")) {
      const rel = item.slice(0, item.indexOf("(")).split(":").pop()!.split("!")[0]!;
      throw pgrst(
        400,
        "PGRST200",
        `Could not find a relationship between '${table.name}' and '${rel.slice(0, 63)}' in the schema cache`,
        `Searched for a foreign key relationship between '${table.name}' and '${rel.slice(0, 63)}' in the schema 'public', but no matches were found.`,
      );
    }
    const m = /^(?:([\p{L}\p{N}_$]+):)?([^:]+?)(?:::([a-z0-9]+))?$/u.exec(item);
    if (!m) throw parseError("select", `unexpected "${item.slice(0, 60)}"`);
    const ref = parseColumnRef(m[2]!, "select");
    let expr = columnSql(ref, table, alias);
    if (m[3]) {
      if (!CASTS.has(m[3])) throw parseError("select", `unsupported cast "${m[3]}"`);
      expr = `(${expr})::${m[3]}`;
    }
    const name = m[1] ?? (ref.path.length ? ref.path[ref.path.length - 1]!.key : ref.column);
    out.push(`${expr} as ${quoteIdent(name)}`);
  }
  return out.join(", ");
}

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------
const SIMPLE_OPS: Record<string, string> = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};
const QUANTIFIABLE = new Set(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
const FTS: Record<string, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};
const OPERATOR_LIST =
  "eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, is, isdistinct, in, cs, cd, ov, sl, sr, nxr, nxl, adj, fts, plfts, phfts, wfts";

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, "$1");
  return v;
}

function parseList(v: string, what: string): string[] {
  if (!v.startsWith("(") || !v.endsWith(")")) throw parseError(what, `expecting a list in parentheses, got "${v.slice(0, 60)}"`);
  const inner = v.slice(1, -1);
  if (inner.trim() === "") return [];
  return splitTopLevel(inner).map((s) => unquote(s.trim()));
}

/** `[not.]op[(any|all)].value` applied to a column expression. */
function condition(colExpr: string, spec: string, params: Params, what: string): string {
  let negate = false;
  let rest = spec;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  if (dot < 0) throw parseError(what, `unexpected "${rest.slice(0, 60)}" expecting "not" or operator (${OPERATOR_LIST})`);
  const opRaw = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  const om = /^([a-z]+)(?:\((any|all|[a-z_]+)\))?$/.exec(opRaw);
  if (!om) throw parseError(what, `unexpected "${opRaw.slice(0, 60)}" expecting "not" or operator (${OPERATOR_LIST})`);
  const op = om[1]!;
  const modifier = om[2];
  let sql: string;
  if (op === "is") {
    const lv = value.toLowerCase();
    const map: Record<string, string> = {
      null: "is null",
      not_null: "is not null",
      true: "is true",
      false: "is false",
      unknown: "is unknown",
    };
    if (!(lv in map) || modifier)
      throw parseError(what, `unexpected "${value.slice(0, 60)}" expecting null, not_null, true, false or unknown`);
    sql = `${colExpr} ${map[lv]}`;
  } else if (op === "isdistinct" && !modifier) {
    sql = `${colExpr} is distinct from ${params.add(value)}`;
  } else if (op === "in" && !modifier) {
    const items = parseList(value, what);
    sql = items.length ? `${colExpr} in (${items.map((i) => params.add(i)).join(", ")})` : "false";
  } else if (op in FTS) {
    const fn = FTS[op]!;
    if (modifier && !/^[a-z_]+$/.test(modifier)) throw parseError(what, `bad text search configuration`);
    sql = modifier
      ? `${colExpr} @@ ${fn}(${params.add(modifier)}::regconfig, ${params.add(value)})`
      : `${colExpr} @@ ${fn}(${params.add(value)})`;
  } else if (op in SIMPLE_OPS) {
    const sqlOp = SIMPLE_OPS[op]!;
    const isLike = op === "like" || op === "ilike";
    if (modifier === "any" || modifier === "all") {
      if (!QUANTIFIABLE.has(op)) throw parseError(what, `operator ${op} takes no ${modifier} modifier`);
      const list =
        value.startsWith("{") && value.endsWith("}")
          ? splitTopLevel(value.slice(1, -1)).map((s) => unquote(s.trim()))
          : parseList(value, what);
      for (const s of list) checkPattern(op, s, params);
      const vals = list.map((s) => (isLike ? s.replace(/\*/g, "%") : s));
      sql = `${colExpr} ${sqlOp} ${modifier}(array[${vals.map((x) => params.add(x)).join(", ")}])`;
      if (!vals.length) sql = modifier === "any" ? "false" : "true";
    } else if (modifier) {
      throw parseError(what, `unexpected modifier "${modifier}"`);
    } else {
      checkPattern(op, value, params);
      let v = value;
      if (isLike) v = v.replace(/\*/g, "%");
      if (op === "ov" && v.startsWith("(") && v.endsWith(")")) v = `{${v.slice(1, -1)}}`;
      sql = `${colExpr} ${sqlOp} ${params.add(v)}`;
    }
  } else {
    throw parseError(what, `unexpected "${op.slice(0, 60)}" expecting "not" or operator (${OPERATOR_LIST})`);
  }
  return negate ? `not (${sql})` : sql;
}

/** A logic tree `(a.eq.1,or(b.gt.2,c.is.null))` as `and` or `or`. */
function logicTree(kind: "and" | "or", body: string, table: TableRef, params: Params, depth = 0): string {
  if (depth > 10) throw parseError("logic tree", "nested too deeply");
  const items = parseList(body.trim(), "logic tree");
  if (!items.length) throw parseError("logic tree", "empty logic tree");
  const parts = items.map((raw) => {
    const it = raw.trim();
    const lm = /^(not\.)?(and|or)(\(.*\))$/s.exec(it);
    if (lm) {
      const inner = logicTree(lm[2] as "and" | "or", lm[3]!, table, params, depth + 1);
      return lm[1] ? `not (${inner})` : inner;
    }
    const dot = it.indexOf(".");
    if (dot <= 0) throw parseError(`logic tree (${it.slice(0, 60)})`, `unexpected "${it.slice(0, 60)}" expecting a filter`);
    const ref = parseColumnRef(it.slice(0, dot), "logic tree");
    return condition(columnSql(ref, table), it.slice(dot + 1), params, `logic tree (${it.slice(0, 60)})`);
  });
  return `(${parts.join(kind === "and" ? " and " : " or ")})`;
}

/** Reserved query parameters that are not filters. */
export const RESERVED = new Set(["select", "order", "limit", "offset", "columns", "on_conflict", "apikey"]);

export function buildWhere(search: URLSearchParams, table: TableRef, params: Params): string {
  const parts: string[] = [];
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue;
    const lm = /^(not\.)?(and|or)$/.exec(key);
    if (lm) {
      const tree = logicTree(lm[2] as "and" | "or", value, table, params);
      parts.push(lm[1] ? `not ${tree}` : tree);
      continue;
    }
    const ref = parseColumnRef(key, `filter (${key.slice(0, 60)})`);
    parts.push(condition(columnSql(ref, table), value, params, `filter (${key.slice(0, 60)}.${value.slice(0, 60)})`));
  }
  return parts.length ? parts.join(" and ") : "true";
}

export function buildOrder(order: string | null, table: TableRef): string {
  if (!order) return "";
  const terms = splitTopLevel(order).map((t) => {
    const parts = t.trim().split(".");
    const col = parts.shift() ?? "";
    let dir = "";
    let nulls = "";
    for (const p of parts) {
      if (p === "asc" || p === "desc") dir = ` ${p}`;
      else if (p === "nullsfirst") nulls = " nulls first";
      else if (p === "nullslast") nulls = " nulls last";
      else throw parseError("order", `unexpected "${p.slice(0, 60)}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    return `${columnSql(parseColumnRef(col, "order"), table)}${dir}${nulls}`;
  });
  return ` order by ${terms.join(", ")}`;
}

export function nonNegativeInt(v: string | null, what: string): number | null {
  if (v === null) return null;
  if (!/^\d{1,15}$/.test(v)) throw parseError(what, `"${v.slice(0, 30)}" is not a non-negative integer`);
  return Number(v);
}
