/**
 * npm run db:types [-- --check]: the TypeScript types of the database, from the migrations.
 * Migrates a scratch PGlite database (or DATABASE_URL's, when set) and writes
 * src/lib/database.generated.ts; with --check, writes nothing and exits 1 when the file is out of date.
 * Writing also refreshes the Edge Functions' copy of the domain code (scripts/functions-domain.mjs),
 * which holds these types for src/lib/booking/markets.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPglite, openPostgres, type Database } from "../server/db/database.ts";
import { REPO_ROOT, migrate } from "../server/db/migrate.ts";
import { generateDatabaseTypes } from "../server/db/types-gen.ts";

export const TYPES_FILE = join(REPO_ROOT, "src/lib/database.generated.ts");

export async function typesFromMigrations(): Promise<string> {
  const scratch = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "db-types-"));
  const db: Database = scratch ? await openPglite(join(scratch, "pg")) : await openPostgres(process.env.DATABASE_URL!);
  try {
    await migrate(db);
    return await generateDatabaseTypes(db);
  } finally {
    await db.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const generated = await typesFromMigrations();
  const current = (() => {
    try {
      return readFileSync(TYPES_FILE, "utf8");
    } catch {
      return "";
    }
  })();
  if (process.argv.includes("--check")) {
    if (current !== generated) {
      console.error("src/lib/database.generated.ts is out of date with supabase/migrations: run `npm run db:types`.");
      process.exit(1);
    }
    console.log("database types are up to date");
  } else {
    writeFileSync(TYPES_FILE, generated);
    execFileSync(process.execPath, [join(REPO_ROOT, "scripts/functions-domain.mjs")], { stdio: "inherit" });
    console.log(current === generated ? "database types unchanged" : "wrote src/lib/database.generated.ts");
  }
}
