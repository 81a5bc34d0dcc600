#!/usr/bin/env node
/**
 * `npm test`: every test layer, in order, stopping at nothing so the summary shows all of them.
 *   static   typecheck, lint (import cycles and file names included), formatting (Prettier), dead code
 *            (knip: unused files, exports, dependencies), page size budget (scripts/page-budget.mjs: public
 *            pages' initial JS/CSS bytes); the database types' drift is a server-layer test
 *   unit     Vitest beside the code (happy-dom)
 *   server   conformance (supabase-js over HTTP), RLS matrix (PGlite, and PostgreSQL when
 *            TEST_DATABASE_URL is set), bad input, durability
 *   browser  browser tests and every Storybook story as a test in headless Chromium with axe, once
 *            in Arabic (project storybook) and once in English (storybook-en); screenshot baselines
 *   e2e      Playwright against the production build served by the real server
 * Pass layer names to run only those: `npm test -- unit server`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureBuild, ensureChromium, ensureDependencies, root } from "./lib/setup.mjs";

await ensureDependencies();
ensureChromium();

const only = process.argv.slice(2);
const results = path.join(root, ".tmp/test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitest = (name, projects) => ({
  name,
  cmd: "npx",
  args: [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile=${results}/${name}.json`,
  ],
  count: () => {
    const r = JSON.parse(readFileSync(`${results}/${name}.json`, "utf8"));
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  },
});

const layers = [
  {
    name: "static",
    before: () => ensureBuild(),
    steps: [
      ["npx", ["react-router", "typegen"]],
      ["npx", ["tsc", "--noEmit"]],
      ["npx", ["eslint", "."]],
      ["npx", ["prettier", "--check", ".", "--log-level", "warn"]],
      ["npx", ["knip", "--no-progress"]],
      // The Edge Functions: their copy of the domain code matches src/lib, and each type-checks under Deno.
      ["node", ["scripts/functions-domain.mjs", "--check"]],
      ["node", ["scripts/deno-check.mjs"]],
      ["node", ["scripts/page-budget.mjs"]],
    ],
  },
  vitest("unit", ["unit"]),
  // The server layer includes page routes served from the production build (pages-bad-input).
  { ...vitest("server", ["server"]), before: () => ensureBuild() },
  vitest("browser", ["browser", "storybook", "storybook-en"]),
  {
    name: "e2e",
    before: () => ensureBuild(),
    cmd: "npx",
    args: ["playwright", "test"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/e2e.json` },
    extraArgs: ["--reporter=list,json"],
    count: () => {
      const r = JSON.parse(readFileSync(`${results}/e2e.json`, "utf8"));
      const s = r.stats;
      return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
    },
  },
];

const summary = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const layer of layers) {
  if (only.length && !only.includes(layer.name)) continue;
  console.log(`\n━━ ${layer.name} ━━`);
  const t = Date.now();
  let ok = true;
  let counts = null;
  layer.before?.();
  if (layer.steps) {
    for (const [cmd, args] of layer.steps) {
      const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root });
      if (r.status !== 0) ok = false;
    }
    counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  } else {
    const r = spawnSync(layer.cmd, [...layer.args, ...(layer.extraArgs ?? [])], {
      stdio: "inherit",
      cwd: root,
      env: { ...process.env, ...layer.env },
    });
    ok = r.status === 0;
    try {
      counts = layer.count();
    } catch {
      counts = { passed: 0, failed: 1, skipped: 0 };
    }
    if (!ok && counts.failed === 0) counts.failed = 1;
  }
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  summary.push(
    `${ok ? "✔" : "✖"} ${layer.name.padEnd(8)} ${String(counts.passed).padStart(4)} passed ${String(counts.failed).padStart(3)} failed  ${((Date.now() - t) / 1000).toFixed(0)} s`,
  );
}

console.log(`\n━━ summary ━━\n${summary.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
