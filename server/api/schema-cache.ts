/** What PostgREST calls its schema cache: the exposed tables, columns and functions of `public`. */
import type { Database } from "../db/database.ts";

export interface TableInfo {
  name: string;
  columns: Set<string>;
  primaryKey: string[];
  insertable: boolean;
}

interface FunctionInfo {
  name: string;
  /** Input argument names and types, in order. */
  args: { name: string; type: string; hasDefault: boolean }[];
  returnsSet: boolean;
  /** 'void', 'composite' (a row type), 'table' or 'scalar'. */
  returnKind: "void" | "composite" | "scalar";
}

export class SchemaCache {
  tables = new Map<string, TableInfo>();
  functions = new Map<string, FunctionInfo[]>();
  #loadedAt = 0;

  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async load(): Promise<void> {
    const cols = await this.db.query<{ table_name: string; column_name: string; relkind: string; pk: boolean }>(`
      select c.relname as table_name, a.attname as column_name, c.relkind::text as relkind,
             coalesce(a.attnum = any(i.indkey::int2[]), false) as pk
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`);
    const tables = new Map<string, TableInfo>();
    for (const r of cols.rows) {
      let t = tables.get(r.table_name);
      if (!t) {
        t = { name: r.table_name, columns: new Set(), primaryKey: [], insertable: r.relkind === "r" || r.relkind === "p" };
        tables.set(r.table_name, t);
      }
      t.columns.add(r.column_name);
      if (r.pk) t.primaryKey.push(r.column_name);
    }
    const fns = await this.db.query<{
      proname: string;
      proretset: boolean;
      rettype: string;
      typtype: string;
      nargs: number;
      ndefaults: number;
      argnames: string | null;
      argmodes: string | null;
      argtypes: string | null;
    }>(`
      select p.proname, p.proretset, t.typname::text as rettype, t.typtype::text as typtype,
             p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
             array_to_json(p.proargnames)::text as argnames,
             array_to_json(p.proargmodes::text[])::text as argmodes,
             (select json_agg(format_type(x, null) order by o)::text
                from unnest(p.proargtypes::oid[]) with ordinality as u(x, o)) as argtypes
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f' and t.typname not in ('trigger', 'event_trigger')`);
    const functions = new Map<string, FunctionInfo[]>();
    for (const f of fns.rows) {
      const names: string[] = f.argnames ? JSON.parse(f.argnames) : [];
      const modes: string[] | null = f.argmodes ? JSON.parse(f.argmodes) : null;
      const types: string[] = f.argtypes ? JSON.parse(f.argtypes) : [];
      const inputNames = modes ? names.filter((_, i) => ["i", "b", "v"].includes(modes[i]!)) : names.slice(0, f.nargs);
      const args = types.map((type, i) => ({
        name: inputNames[i] ?? "",
        type,
        hasDefault: i >= f.nargs - f.ndefaults,
      }));
      const info: FunctionInfo = {
        name: f.proname,
        args,
        returnsSet: f.proretset,
        returnKind: f.rettype === "void" ? "void" : f.typtype === "c" || f.rettype === "record" ? "composite" : "scalar",
      };
      functions.set(f.proname, [...(functions.get(f.proname) ?? []), info]);
    }
    this.tables = tables;
    this.functions = functions;
    this.#loadedAt = Date.now();
  }

  /** Reloads when something is missing, at most every 2 s (a migration may have added it). */
  async refreshIfStale(): Promise<boolean> {
    if (Date.now() - this.#loadedAt < 2000) return false;
    await this.load();
    return true;
  }
}

/** The start-up step that reads the tables, columns and relations REST needs before the first request. */
export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const cache = new SchemaCache(db);
  await cache.load();
  return cache;
}
