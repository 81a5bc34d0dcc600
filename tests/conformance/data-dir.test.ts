/**
 * A damaged data directory stops the start with one sentence (what is wrong, what to do), and the
 * server never creates a new database over the files that are there.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { openPglite } from "../../server/db/database.ts";
import { inspectPgDir } from "../../server/db/open.ts";
import { backends } from "../support/backends.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";

const dirs: string[] = [];
async function copyOfTemplate(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), "api-datadir-"));
  dirs.push(d);
  cpSync(await templateDataDir(), d, { recursive: true });
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const start = (dataDir: string) =>
  createApi({ dataDir, siteUrl: "http://127.0.0.1:1", env: { ADMIN_EMAIL, ADMIN_PASSWORD }, log: quietLog });

/** Names and count of what is in pg/, to prove nothing was created or rewritten. */
const listing = (dataDir: string) => readdirSync(join(dataDir, "pg")).sort().join(",");

describe("damaged data directory (PGlite)", () => {
  it("a missing pg/PG_VERSION (3 bytes) stops the start instead of creating an empty site", async () => {
    const dataDir = await copyOfTemplate();
    unlinkSync(join(dataDir, "pg", "PG_VERSION"));
    const before = listing(dataDir);
    await expect(start(dataDir)).rejects.toThrow(
      /^The data directory .*\/pg is damaged: PG_VERSION is missing although the directory holds \d+ other entries\. Restore it from a backup \(npm run restore -- <backup file>\) or move it aside/,
    );
    expect(existsSync(join(dataDir, "pg", "PG_VERSION"))).toBe(false);
    expect(listing(dataDir)).toBe(before);
    // and the lock was released: after the operator puts the file back, it starts with its data
    writeFileSync(join(dataDir, "pg", "PG_VERSION"), "18\n");
    const api = await start(dataDir);
    try {
      expect(api.startup).toMatchObject({ freshDatabase: false, seeded: false, adminCreated: null });
    } finally {
      await api.close();
    }
  });

  it("a missing global/pg_control stops the start", async () => {
    const dataDir = await copyOfTemplate();
    unlinkSync(join(dataDir, "pg", "global", "pg_control"));
    await expect(start(dataDir)).rejects.toThrow(/is damaged: global\/pg_control is missing/);
  });

  it("a pg_control PGlite cannot read stops the start with PGlite's reason", async () => {
    const dataDir = await copyOfTemplate();
    writeFileSync(join(dataDir, "pg", "global", "pg_control"), Buffer.alloc(8192, 0x5a));
    await expect(start(dataDir)).rejects.toThrow(/is damaged: PGlite could not open it/);
  });

  it("a cluster without the table of applied migrations stops the start (no second bootstrap, seed or administrator)", async () => {
    const dataDir = await copyOfTemplate();
    const db = await openPglite(join(dataDir, "pg"));
    await db.exec("drop schema supabase_migrations cascade");
    await db.close();
    await expect(start(dataDir)).rejects.toThrow(/is damaged: it holds a PostgreSQL cluster without the table of applied migrations/);
  });

  it("an empty or absent pg directory is a fresh start", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "api-datadir-"));
    dirs.push(dataDir);
    expect(inspectPgDir(join(dataDir, "pg"))).toBe("fresh");
    mkdirSync(join(dataDir, "pg"));
    expect(inspectPgDir(join(dataDir, "pg"))).toBe("fresh");
  });
});

const postgres = backends.find((b) => b.name === "PostgreSQL");
describe.skipIf(!postgres)("damaged database (PostgreSQL)", () => {
  it("the site's tables without supabase_migrations.schema_migrations stop the start", async () => {
    const env = await postgres!.setup();
    try {
      const c = new pg.Client({ connectionString: env.databaseUrl });
      await c.connect();
      await c.query("create table public.form_submissions (id int)");
      await c.end();
      await expect(
        createApi({
          dataDir: mkdtempSync(join(tmpdir(), "api-datadir-")),
          databaseUrl: env.databaseUrl,
          siteUrl: "http://x",
          env: {},
          log: quietLog,
        }),
      ).rejects.toThrow(/holds the site's tables but not supabase_migrations\.schema_migrations/);
    } finally {
      await env.teardown();
    }
  });
});
