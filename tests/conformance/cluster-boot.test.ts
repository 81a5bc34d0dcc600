/**
 * Several servers on one PostgreSQL (docs/serving.md, "Several nodes"): started at the same instant on
 * an empty database, both come up (first-boot work under an advisory lock: migrations, seed, first
 * administrator, JWT secret), and they share one JWT secret through the database; a server whose
 * JWT_SECRET differs from the cluster's refuses to start. PostgreSQL only (TEST_DATABASE_URL): with
 * PGlite the data directory's lock already makes one server.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createApi, type Api } from "../../server/api/index.ts";
import { quietLog } from "../support/api-server.ts";

const base = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function emptyDatabase() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `boot_test_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** One node: its own data directory, the shared database. */
function node(databaseUrl: string, env: Record<string, string> = {}): Promise<Api> {
  const dataDir = mkdtempSync(join(tmpdir(), "api-boot-"));
  dirs.push(dataDir);
  return createApi({
    dataDir,
    databaseUrl,
    siteUrl: "http://127.0.0.1",
    env: { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "correct horse battery staple", SEED: "1", ...env },
    log: quietLog,
  });
}

describe.skipIf(!base)("first boot of two servers at once on one empty PostgreSQL", () => {
  it("both come up, 10 times out of 10, with one administrator, one seed and one shared JWT secret", async () => {
    for (let round = 0; round < 10; round++) {
      const db = await emptyDatabase();
      try {
        const results = await Promise.allSettled([node(db.url), node(db.url)]);
        const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
        expect(failed, `round ${round + 1}`).toEqual([]);
        const [a, b] = results.map((r) => (r as PromiseFulfilledResult<Api>).value) as [Api, Api];
        try {
          expect(a.jwtSecret).toBe(b.jwtSecret);
          expect(a.anonKey).toBe(b.anonKey);
          expect([a.startup.adminCreated, b.startup.adminCreated].filter(Boolean)).toEqual(["boss@example.com"]);
          expect([a.startup.seeded, b.startup.seeded].filter(Boolean)).toHaveLength(1);
          const admins = await a.db.query<{ n: number }>("select count(*)::int as n from public.administrators");
          expect(admins.rows[0]!.n).toBe(1);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      } finally {
        await db.drop();
      }
    }
  }, 300_000);

  it("a server whose JWT_SECRET differs from the cluster's refuses to start, with a clear message", async () => {
    const db = await emptyDatabase();
    try {
      const first = await node(db.url);
      const shared = first.jwtSecret;
      await first.close();
      await expect(node(db.url, { JWT_SECRET: "x".repeat(40) })).rejects.toThrow(/JWT_SECRET differs from the secret the other servers/);
      // The same secret given explicitly is fine.
      const same = await node(db.url, { JWT_SECRET: shared });
      expect(same.jwtSecret).toBe(shared);
      await same.close();
    } finally {
      await db.drop();
    }
  }, 60_000);

  it("a cluster started with JWT_SECRET keeps only its fingerprint, and a server without it refuses to start", async () => {
    const db = await emptyDatabase();
    try {
      const secret = "s".repeat(48);
      const first = await node(db.url, { JWT_SECRET: secret });
      const stored = await first.db.query<{ key: string; value: string }>("select key, value from embedded.meta where key like 'jwt%'");
      expect(stored.rows.map((r) => r.key)).toEqual(["jwt_secret_sha256"]);
      expect(stored.rows[0]!.value).not.toContain(secret);
      await first.close();
      await expect(node(db.url)).rejects.toThrow(/set the same JWT_SECRET here/);
      await expect(node(db.url, { JWT_SECRET: "t".repeat(48) })).rejects.toThrow(/JWT_SECRET differs/);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
