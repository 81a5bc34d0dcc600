/**
 * The databases a server test runs on: embedded PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set (a fresh database is created in that cluster and dropped afterwards).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface Backend {
  name: string;
  setup(): Promise<{ databaseUrl?: string; env: Record<string, string>; teardown(): Promise<void> }>;
}

export const backends: Backend[] = [{ name: "PGlite", setup: async () => ({ env: {}, teardown: async () => {} }) }];

if (process.env.TEST_DATABASE_URL) {
  backends.push({
    name: "PostgreSQL",
    async setup() {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `api_test_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      return {
        databaseUrl: url.toString(),
        env: { SEED: "1" },
        async teardown() {
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    },
  });
}
