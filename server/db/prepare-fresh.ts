/**
 * Creates, migrates and (when asked) seeds a fresh PGlite cluster, in a child process of the server
 * (server/db/open.ts, docs/serving.md). Creating the cluster grows PGlite's WebAssembly heap by a few
 * hundred megabytes; in the server's own process that memory came back only when the garbage collector
 * got to the closed instance, and a worker thread's left about 100 MB behind. A process gives all of it
 * back when it ends. It runs with the server's Node flags (its tsx loader, when it has one); without a
 * loader Node strips the types of these few files itself (no parameter properties or enums in them).
 * Usage: node server/db/prepare-fresh.ts <pg dir> <seed: 0|1>; prints the applied migrations as JSON.
 */
import { openPglite } from "./database.ts";
import { migrate, seed } from "./migrate.ts";

const [pgDir, withSeed] = process.argv.slice(2);
if (!pgDir) throw new Error("usage: prepare-fresh.ts <pg dir> <0|1>");
const db = await openPglite(pgDir);
try {
  const { applied } = await migrate(db);
  if (withSeed === "1") await seed(db);
  process.send?.({ applied, seeded: withSeed === "1" });
} finally {
  await db.close();
}
