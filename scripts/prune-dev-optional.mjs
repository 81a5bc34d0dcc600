#!/usr/bin/env node
/**
 * After `npm ci --omit=dev`: removes the packages npm still installs because they are both our dev
 * dependencies and an optional peer of a production package ("devOptional" in package-lock.json).
 * The case here: @lingui/core names the Lingui Babel macro as an optional peer, so `--omit=dev` keeps the
 * macro and @babel/core with it, although the production server compiles nothing (the mail templates and
 * catalogs are built by scripts/build-mail.mjs). Used by the Dockerfile's production-dependencies stage;
 * `--list` prints what it would remove. server/native-load.test.ts checks the resulting tree.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/** The lockfile paths ("node_modules/@babel/core") that `npm ci --omit=dev` installs although only dev needs them. */
export function devOptionalPaths(lock) {
  return Object.entries(lock.packages)
    .filter(([name, meta]) => name !== "" && meta.devOptional === true)
    .map(([name]) => name);
}

/** The lockfile paths `npm ci --omit=dev` installs, less the dev-optional ones: the production tree. */
export function productionPaths(lock) {
  const pruned = new Set(devOptionalPaths(lock));
  return Object.entries(lock.packages)
    .filter(([name, meta]) => name !== "" && meta.dev !== true && !pruned.has(name))
    .map(([name]) => name);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
  const paths = devOptionalPaths(lock);
  if (process.argv.includes("--list")) {
    console.log(paths.join("\n"));
  } else {
    let removed = 0;
    for (const p of paths) {
      const dir = path.join(root, p);
      if (!existsSync(dir)) continue;
      rmSync(dir, { recursive: true, force: true });
      removed += 1;
    }
    console.log(`prune-dev-optional: removed ${removed} of ${paths.length} dev-only packages kept by optional peers`);
  }
}
