/**
 * The post form's limits (POST_LIMITS, src/features/admin-posts/schemas/post.ts) are the database's: every
 * upper bound on a character length in blog_posts' CHECK constraints has its value there, and no other.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST_LIMITS } from "../../src/features/admin-posts/schemas/post.ts";
import { SLUG_MAX_LENGTH } from "../../src/lib/slug.ts";
import { startServer, type TestServer } from "../support/api-server.ts";

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.close();
});

/** Each column's upper bounds on char_length in the table's CHECK constraints (after every migration). */
async function lengthBounds(table: string): Promise<Record<string, number[]>> {
  const { rows } = await srv.api.db.query<{ def: string }>(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'c'`,
    [table],
  );
  const bounds: Record<string, number[]> = {};
  for (const { def } of rows) {
    for (const m of def.matchAll(/char_length\((?:btrim\()?\(?(\w+)\)*\s*(?:<=\s*(\d+)|BETWEEN\s+\d+\s+AND\s+(\d+))/gi)) {
      (bounds[m[1]!] ??= []).push(Number(m[2] ?? m[3]));
    }
  }
  return bounds;
}

it("every length limit of blog_posts is declared once, in POST_LIMITS, with the database's value", async () => {
  const bounds = await lengthBounds("public.blog_posts");
  expect(Object.keys(bounds).length).toBeGreaterThanOrEqual(6);
  const fromDatabase = Object.fromEntries(Object.entries(bounds).map(([column, values]) => [column, Math.min(...values)]));
  expect(fromDatabase).toEqual(POST_LIMITS);
});

it("a generated slug fits the database", () => {
  expect(SLUG_MAX_LENGTH).toBeLessThanOrEqual(POST_LIMITS.slug);
});
