/**
 * Writes the TypeScript types of the `public` schema from a migrated database, in the shape
 * `supabase gen types typescript` produces (so supabase-js's typed client accepts it), with one
 * difference that makes the types tell more: a column whose check constraint is `col in ('a', 'b')`
 * and that is listed in UNION_COLUMNS gets that union instead of `string` (opt-in, because a stricter
 * type ripples into forms that hold "" while editing).
 *
 * `npm run db:types` writes src/lib/database.generated.ts; a test fails when the file and the
 * migrations disagree.
 */
import type { Queryable } from "./database.ts";

/** Columns typed by their check constraint's list of values. */
const UNION_COLUMNS = new Set([
  "administrators.role",
  "blog_posts.language",
  "bookings.status",
  "bookings.locale",
  "leads.status",
  "leads.locale",
  "leads.source_form_type",
  "lead_events.kind",
  "mail_outbox.kind",
  "mail_outbox.channel",
  "mail_outbox.locale",
  "mail_outbox.status",
  "newsletter_subscribers.status",
  "newsletter_subscribers.locale",
]);

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  has_default: boolean;
  is_identity: "YES" | "NO";
  identity_generation: string | null;
  is_generated: "ALWAYS" | "NEVER";
}

interface RelationRow {
  name: string;
  kind: "r" | "p" | "v" | "m";
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  n_defaults: number;
  returns_set: boolean;
  result_type: string;
}

const SCALARS: Record<string, string> = {
  text: "string",
  varchar: "string",
  bpchar: "string",
  citext: "string",
  name: "string",
  uuid: "string",
  date: "string",
  time: "string",
  timetz: "string",
  timestamp: "string",
  timestamptz: "string",
  interval: "string",
  bytea: "string",
  int2: "number",
  int4: "number",
  int8: "number",
  float4: "number",
  float8: "number",
  numeric: "number",
  oid: "number",
  bool: "boolean",
  json: "Json",
  jsonb: "Json",
  void: "undefined",
};

function tsType(udt: string): string {
  if (udt.startsWith("_")) return `${tsType(udt.slice(1))}[]`;
  return SCALARS[udt] ?? "unknown";
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))` → ["a", "b"] for col (optionally `col IS NULL OR ...`). */
export function checkValues(definition: string): { column: string; values: string[] } | null {
  const m = /^CHECK \(\(?(?:\(?(\w+) IS NULL\)? OR )?\(?(\w+) = ANY \(\(?ARRAY\[(.+?)\]\)?(?:::text\[\])?\)\)?\)?\)$/.exec(
    definition.trim(),
  );
  if (!m) return null;
  const column = m[2]!;
  if (m[1] && m[1] !== column) return null;
  const values: string[] = [];
  for (const part of m[3]!.split(/,\s*/)) {
    const v = /^\(?'((?:[^']|'')*)'::(?:text|character varying)\)?(?:::text)?$/.exec(part.trim());
    if (!v) return null;
    values.push(v[1]!.replace(/''/g, "'"));
  }
  return { column, values };
}

export async function generateDatabaseTypes(db: Queryable): Promise<string> {
  const relations = (
    await db.query<RelationRow>(
      `select c.relname as name, c.relkind as kind
         from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        order by c.relname`,
    )
  ).rows;
  const columns = (
    await db.query<ColumnRow>(
      `select table_name, column_name, udt_name, is_nullable, column_default is not null as has_default,
              is_identity, identity_generation, is_generated
         from information_schema.columns
        where table_schema = 'public'
        order by table_name, ordinal_position`,
    )
  ).rows;
  const checks = (
    await db.query<{ table_name: string; definition: string }>(
      `select c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as definition
         from pg_constraint c
        where c.contype = 'c' and c.connamespace = 'public'::regnamespace`,
    )
  ).rows;
  const functions = (
    await db.query<FunctionRow>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, n) order by n) as arg_types,
              p.proargmodes::text[] as arg_modes, p.pronargdefaults as n_defaults, p.proretset as returns_set,
              format_type(p.prorettype, null) as result_type
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
          and p.prorettype <> 'trigger'::regtype
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
        order by p.proname`,
    )
  ).rows;

  const relationNames = new Set(relations.filter((r) => r.kind === "r" || r.kind === "p").map((r) => r.name));
  const unions = new Map<string, string>();
  for (const c of checks) {
    const parsed = checkValues(c.definition);
    if (!parsed) continue;
    const id = `${c.table_name.replace(/^public\./, "")}.${parsed.column}`;
    if (UNION_COLUMNS.has(id)) unions.set(id, parsed.values.map((v) => JSON.stringify(v)).join(" | "));
  }

  const out: string[] = [];
  const line = (indent: number, text: string) => out.push(`${"  ".repeat(indent)}${text}`);
  const byTable = new Map<string, ColumnRow[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const baseType = (c: ColumnRow) => unions.get(`${c.table_name}.${c.column_name}`) ?? tsType(c.udt_name);
  const columnType = (c: ColumnRow) => (c.is_nullable === "YES" ? `${baseType(c)} | null` : baseType(c));
  let usesNullable = false;
  let usesRowOf = false;
  const never = "{ [_ in never]: never }";

  /**
   * A table whose columns are another table's and some more (a roll-up: the daily table's columns and its
   * period) is written as those columns and the other's Row, so that one set of columns is written once.
   * The other table is the largest that qualifies (at least 4 columns of the same names and types) and is
   * not itself written that way.
   */
  const tables = relations.filter((r) => r.kind === "r" || r.kind === "p");
  const extended = new Map<string, string>();
  for (const r of tables) {
    const cols = byTable.get(r.name) ?? [];
    const types = new Map(cols.map((c) => [c.column_name, columnType(c)]));
    const candidates = tables
      .map((b) => ({ name: b.name, cols: byTable.get(b.name) ?? [] }))
      .filter(
        (b) =>
          b.name !== r.name &&
          b.cols.length >= 4 &&
          b.cols.length < cols.length &&
          b.cols.every((c) => types.get(c.column_name) === columnType(c)),
      )
      .sort((a, b) => b.cols.length - a.cols.length || a.name.localeCompare(b.name));
    if (candidates[0]) extended.set(r.name, candidates[0].name);
  }
  for (const [name, base] of extended) if (extended.has(base)) extended.delete(name);

  const relationBlock = (kinds: RelationRow["kind"][], title: string) => {
    const list = relations.filter((r) => kinds.includes(r.kind));
    if (list.length === 0) return line(2, `${title}: ${never};`);
    line(2, `${title}: {`);
    for (const r of list) {
      const cols = byTable.get(r.name) ?? [];
      const row = (indent: number) => {
        for (const c of cols) line(indent, `${key(c.column_name)}: ${columnType(c)};`);
      };
      if (r.kind === "r" || r.kind === "p") {
        // Insert and Update are derived from Row by the file's Table type: only which columns an
        // insert may leave out and which can never be written are listed.
        const generated = cols.filter((c) => c.is_generated === "ALWAYS" || c.identity_generation === "ALWAYS");
        const optional = cols.filter(
          (c) => !generated.includes(c) && (c.has_default || c.is_nullable === "YES" || c.is_identity === "YES"),
        );
        const names = (list: ColumnRow[]) => (list.length === 0 ? "never" : list.map((c) => JSON.stringify(c.column_name)).join(" | "));
        const base = extended.get(r.name);
        line(3, `${key(r.name)}: Table<`);
        if (base) {
          usesRowOf = true;
          const own = cols.filter((c) => !(byTable.get(base) ?? []).some((b) => b.column_name === c.column_name));
          line(4, `Flat<{ ${own.map((c) => `${key(c.column_name)}: ${columnType(c)}`).join("; ")} } & RowOf<${JSON.stringify(base)}>>,`);
        } else {
          line(4, "{");
          row(5);
          line(4, "},");
        }
        line(4, `${names(optional)}${generated.length > 0 ? "," : ""}`);
        if (generated.length > 0) line(4, names(generated));
        line(3, ">;");
      } else {
        line(3, `${key(r.name)}: {`);
        if (cols.length > 0 && cols.every((c) => c.is_nullable === "YES")) {
          // A view's columns are all nullable (as Postgres reports them, whatever the tables say): its Row
          // is written as the columns of each type, every one `| null` by the file's Nullable type.
          usesNullable = true;
          const byType = new Map<string, ColumnRow[]>();
          for (const c of cols) byType.set(baseType(c), [...(byType.get(baseType(c)) ?? []), c]);
          line(4, "Row: Nullable<");
          [...byType].forEach(([type, list], i) =>
            line(5, `Record<${list.map((c) => JSON.stringify(c.column_name)).join(" | ")}, ${type}>${i < byType.size - 1 ? " &" : ""}`),
          );
          line(4, ">;");
        } else {
          line(4, "Row: {");
          row(5);
          line(4, "};");
        }
        line(4, "Relationships: [];");
        line(3, "};");
      }
    }
    line(2, "};");
  };

  /** Arguments by mode: in (i), inout (b), variadic (v) are inputs; out (o), table (t) are results. */
  const fnParts = (f: FunctionRow) => {
    const modes = f.arg_modes ?? f.arg_types.map(() => "i");
    const parts = f.arg_types.map((type, i) => ({ name: f.arg_names?.[i] ?? `arg${i}`, type, mode: modes[i] ?? "i" }));
    return { inputs: parts.filter((a) => "ibv".includes(a.mode)), outputs: parts.filter((a) => "bot".includes(a.mode)) };
  };
  const fnArgs = (f: FunctionRow) => {
    const { inputs } = fnParts(f);
    if (inputs.length === 0) return "Record<PropertyKey, never>";
    const firstDefault = inputs.length - f.n_defaults;
    const fields = inputs.map((a, i) => `${key(a.name)}${i >= firstDefault ? "?" : ""}: ${tsType(pgName(a.type))}`);
    return `{ ${fields.join("; ")} }`;
  };
  const fnReturns = (f: FunctionRow) => {
    const { outputs } = fnParts(f);
    if (outputs.length > 0) {
      const row = `{ ${outputs.map((c) => `${key(c.name)}: ${tsType(pgName(c.type))}`).join("; ")} }`;
      return f.returns_set ? `${row}[]` : row;
    }
    // A function returning a table's row type gets that table's Row, as `supabase gen types` does.
    const relation = f.result_type.replace(/^public\./, "");
    const t = relationNames.has(relation)
      ? `Database["public"]["Tables"][${JSON.stringify(relation)}]["Row"]`
      : tsType(pgName(f.result_type));
    return f.returns_set ? `${t}[]` : t;
  };

  out.push(
    "/**",
    " * Generated by `npm run db:types` from supabase/migrations (server/db/types-gen.ts). Do not edit:",
    " * change a migration and run the command; a test fails when this file is out of date.",
    " */",
    "export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];",
    "",
    "/**",
    " * A table as supabase-js reads it, from its Row: an Insert must give every column but the Optional ones",
    " * (a default, nullable or identity) and may not give the Generated ones; an Update may give any column",
    " * but the Generated ones.",
    " */",
    "type Table<Row, Optional extends keyof Row, Generated extends keyof Row = never> = {",
    "  Row: Row;",
    "  Insert: Flat<{ [K in Exclude<keyof Row, Optional | Generated>]: Row[K] } & { [K in Optional]?: Row[K] } & { [K in Generated]?: never }>;",
    "  Update: Flat<{ [K in Exclude<keyof Row, Generated>]?: Row[K] } & { [K in Generated]?: never }>;",
    "  Relationships: [];",
    "};",
    "/** One object type for an intersection of them (as the editor shows it, and as supabase-js expects a row). */",
    "type Flat<T> = { [K in keyof T]: T[K] };",
    "",
    "export type Database = {",
  );
  line(1, "public: {");
  relationBlock(["r", "p"], "Tables");
  relationBlock(["v", "m"], "Views");
  if (functions.length === 0) line(2, `Functions: ${never};`);
  else {
    line(2, "Functions: {");
    for (const f of functions) line(3, `${key(f.name)}: { Args: ${fnArgs(f)}; Returns: ${fnReturns(f)} };`);
    line(2, "};");
  }
  line(2, `Enums: ${never};`);
  line(2, `CompositeTypes: ${never};`);
  line(1, "};");
  out.push("};", "");
  if (usesRowOf)
    out.push(
      "/** A table's row, for a table written as another's row and more. */",
      'type RowOf<T extends keyof Database["public"]["Tables"]> = Database["public"]["Tables"][T]["Row"];',
      "",
    );
  if (usesNullable) out.push("/** A view's row: every column may be null. */", "type Nullable<T> = { [K in keyof T]: T[K] | null };", "");
  return out.join("\n");
}

/** format_type names (`timestamp with time zone`, `text[]`) → udt names (`timestamptz`, `_text`). */
function pgName(formatted: string): string {
  const array = formatted.endsWith("[]");
  const base = array ? formatted.slice(0, -2) : formatted;
  const names: Record<string, string> = {
    "timestamp with time zone": "timestamptz",
    "timestamp without time zone": "timestamp",
    "time with time zone": "timetz",
    "time without time zone": "time",
    "character varying": "varchar",
    character: "bpchar",
    integer: "int4",
    bigint: "int8",
    smallint: "int2",
    real: "float4",
    "double precision": "float8",
    boolean: "bool",
  };
  const udt = names[base] ?? base;
  return array ? `_${udt}` : udt;
}
