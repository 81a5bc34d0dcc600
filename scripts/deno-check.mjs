/**
 * `deno check` of every Supabase Edge Function with its own import map, as Supabase deploys it: the
 * function's folder, `_shared/` and the generated domain copy (scripts/functions-domain.mjs), nothing else.
 * The Node typecheck leaves the functions' entry files to this check (they use Deno's globals and
 * `npm:` specifiers).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { edgeFunctions, ensureDeno } from "./lib/deno.mjs";

const root = path.resolve(import.meta.dirname, "..");
const deno = ensureDeno();
let failed = 0;
for (const name of edgeFunctions(root)) {
  const dir = path.join(root, "supabase/functions", name);
  const r = spawnSync(deno, ["check", "--quiet", "--config", path.join(dir, "deno.json"), path.join(dir, "index.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NO_COLOR: "1" },
  });
  console.log(`${r.status === 0 ? "✔" : "✖"} deno check supabase/functions/${name}`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
