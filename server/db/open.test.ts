import { describe, expect, it } from "vitest";
import type { QueryResult } from "./database.ts";
import { migrationsRecorded } from "./open.ts";

/** A database that answers the two catalog questions of `migrationsRecorded` from lists, one answer per ask. */
function catalog(recorded: boolean[], ours: boolean[]) {
  const asked: string[] = [];
  return {
    asked,
    db: {
      async query<T>(sql: string): Promise<QueryResult<T>> {
        const record = sql.includes("schema_migrations");
        asked.push(record ? "record" : "tables");
        const value = record ? recorded.shift() : ours.shift();
        if (value === undefined) throw new Error(`unexpected question: ${sql}`);
        return { rows: [(record ? { ok: value } : { ours: value }) as T], rowCount: 1 };
      },
    },
  };
}

describe("migrationsRecorded (a shared PostgreSQL at start-up)", () => {
  it("is true when the record of migrations is there", async () => {
    const { db, asked } = catalog([true], []);
    await expect(migrationsRecorded(db)).resolves.toBe(true);
    expect(asked).toEqual(["record"]);
  });

  it("is false for an empty database: nothing of the site's, no record", async () => {
    const { db } = catalog([false], [false]);
    await expect(migrationsRecorded(db)).resolves.toBe(false);
  });

  it("is true when another server created the record and the first tables between its two looks", async () => {
    const { db, asked } = catalog([false, true], [true]);
    await expect(migrationsRecorded(db)).resolves.toBe(true);
    expect(asked).toEqual(["record", "tables", "record"]);
  });

  it("refuses the site's tables without the record of migrations", async () => {
    const { db } = catalog([false, false], [true]);
    await expect(migrationsRecorded(db)).rejects.toThrow(/holds the site's tables but not supabase_migrations\.schema_migrations/);
  });
});
