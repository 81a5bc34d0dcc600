/**
 * Deno, for the Supabase Edge Functions (`deno check` in the static layer, a Deno-served function in the
 * server layer). The npm registry's `deno` package carries the binary: fetched once into a cache folder
 * shared by every checkout of this user, pinned so a check means the same on every machine.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const DENO_VERSION = "2.9.6";

const cache = () => path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "wasla-deno");

/** The path of a Deno binary of DENO_VERSION, fetched when missing. */
export function ensureDeno() {
  const dir = cache();
  const bin = path.join(dir, "node_modules/.bin/deno");
  const version = () => spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout?.split(/\s+/)[1];
  if (existsSync(bin) && version() === DENO_VERSION) return bin;
  console.log(`▸ Fetching Deno ${DENO_VERSION} into ${dir}…`);
  mkdirSync(dir, { recursive: true });
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `deno@${DENO_VERSION}`], {
    cwd: dir,
    stdio: "inherit",
  });
  if (r.status !== 0 || version() !== DENO_VERSION) throw new Error(`could not install deno@${DENO_VERSION} (npm exit ${r.status})`);
  return bin;
}

/** The Edge Functions: each folder of supabase/functions with a deno.json (`_shared` has none). */
export function edgeFunctions(root) {
  const dir = path.join(root, "supabase/functions");
  return readdirSync(dir).filter((name) => existsSync(path.join(dir, name, "deno.json")));
}
