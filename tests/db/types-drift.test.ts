/** The generated database types match the migrations (regenerate with `npm run db:types`). */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { TYPES_FILE, typesFromMigrations } from "../../scripts/db-types.ts";

it("src/lib/database.generated.ts is what the migrations generate (run `npm run db:types`)", async () => {
  const generated = await typesFromMigrations();
  expect(readFileSync(TYPES_FILE, "utf8"), "out of date: run `npm run db:types`").toBe(generated);
}, 120_000);
