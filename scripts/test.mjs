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
 *   e2e      Playwright against the production build served by the real server, in E2E_SHARDS (2) groups
 *            of spec files at once, each with a server and a data directory of its own (below)
 * Pass layer names to run only those: `npm test -- unit server`.
 *
 * Beside a layer: TEST_BESIDE_<LAYER> (say TEST_BESIDE_SERVER), a shell command started (at nice 10) when
 * that layer starts and waited for before the summary, which gets a line for it. The server layer runs its
 * files one at a time, so CI runs Node 22's tests beside it, and the Storybook build and the deploy check
 * beside the e2e layer (.ci/run). (Each e2e group keeps about 1.5 cores busy, Chromium mostly: 150 CPU
 * seconds for 100 s of specs measured on an idle 2-core machine; what runs beside it slows it down.)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import { hasOwnNetwork, inOwnNetwork } from "./lib/own-network.mjs";
import { ensureBuild, ensureChromium, ensureDependencies, root } from "./lib/setup.mjs";

await ensureDependencies();
ensureChromium();

const only = process.argv.slice(2);
// TEST_RESULTS_DIR: where the layers' reports go (a run beside another, as .ci/run's, keeps its own).
const results = path.resolve(root, process.env.TEST_RESULTS_DIR ?? ".tmp/test-results");
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
    for (const file of r.testResults ?? []) {
      for (const a of file.assertionResults ?? []) {
        if (a.status === "failed") {
          failures.push(`${name}: ${path.relative(root, file.name)} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
        }
      }
    }
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  },
});

/** Names of the failed tests, printed in the summary (a CI log is often read from its end). */
const failures = [];
const firstLine = (text = "") =>
  stripVTControlCharacters(String(text))
    .split("\n")
    .map((l) => l.trim())
    .find(Boolean)
    ?.slice(0, 200) ?? "";

const layers = [
  {
    name: "static",
    before: () => ensureBuild(),
    // The route types first (the type check and the linter read them), then two lanes at once (each tool is
    // mostly one thread), each lane's output printed when it ends.
    steps: [["npx", ["react-router", "typegen"]]],
    lanes: [
      [
        ["npx", ["tsc", "--noEmit"]],
        ["npx", ["prettier", "--check", ".", "--log-level", "warn"]],
        ["npx", ["knip", "--no-progress"]],
      ],
      [
        ["npx", ["eslint", "."]],
        // The Edge Functions: their copy of the domain code matches src/lib, and each type-checks under Deno.
        ["node", ["scripts/functions-domain.mjs", "--check"]],
        ["node", ["scripts/deno-check.mjs"]],
        ["node", ["scripts/page-budget.mjs"]],
      ],
    ],
  },
  vitest("unit", ["unit"]),
  // The server layer includes page routes served from the production build (pages-bad-input).
  { ...vitest("server", ["server"]), before: () => ensureBuild() },
  // Chromium's layers run with a loopback-only network of their own (scripts/lib/own-network.mjs).
  { ...vitest("browser", ["browser", "storybook", "storybook-en"]), ownNetwork: true },
  { name: "e2e", before: () => ensureBuild(), run: () => e2e(), ownNetwork: true },
];

/**
 * The e2e specs in `shards` groups, each group run by its own Playwright with its own server (E2E_PORT
 * 4317, 4327, …: a spec may start servers of its own on the next ports) and data directory, all groups at
 * once. The tests of one spec file run in order in one group, as before; no spec depends on another. Groups
 * are balanced by each spec's duration in the last run here (.tmp/e2e-durations.json), else the figures in
 * tests/e2e/durations.json (a run on a quiet 2-core machine), else by the median of those.
 */
const E2E_DURATIONS_LOCAL = path.join(root, ".tmp/e2e-durations.json");
const E2E_DURATIONS_SHARED = path.join(root, "tests/e2e/durations.json");

function e2eGroups(shards) {
  const specs = readdirSync(path.join(root, "tests/e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
  const known = {};
  for (const file of [E2E_DURATIONS_SHARED, E2E_DURATIONS_LOCAL]) {
    if (existsSync(file)) Object.assign(known, JSON.parse(readFileSync(file, "utf8")));
  }
  const figures = Object.values(known).sort((a, b) => a - b);
  const fallback = figures.length ? figures[figures.length >> 1] : 10;
  const groups = Array.from({ length: shards }, () => ({ specs: [], seconds: 0 }));
  // Longest first, each to the group with the least so far.
  for (const spec of [...specs].sort((a, b) => (known[b] ?? fallback) - (known[a] ?? fallback))) {
    const g = groups.reduce((min, x) => (x.seconds < min.seconds ? x : min));
    g.specs.push(spec);
    g.seconds += known[spec] ?? fallback;
  }
  return groups.filter((g) => g.specs.length).map((g) => ({ ...g, specs: g.specs.sort() }));
}

/** Runs `cmd args` with its output kept; resolves with its exit code and that output. */
function runQuiet(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => out.push(c));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(out).toString() }));
  });
}

/** Lanes of steps: the steps of a lane one after another, the lanes at once. True when every step passed. */
async function runLanes(lanes) {
  const results = await Promise.all(
    lanes.map(async (steps) => {
      let ok = true;
      for (const [cmd, args] of steps) {
        const t = Date.now();
        const r = await runQuiet(cmd, args);
        if (r.code !== 0) ok = false;
        process.stdout.write(
          `${r.code === 0 ? "✔" : "✖"} ${cmd} ${args.join(" ")} (${((Date.now() - t) / 1000).toFixed(0)} s)\n${r.output}`,
        );
      }
      return ok;
    }),
  );
  return results.every(Boolean);
}

/** Runs `cmd args`, every line of its output prefixed; resolves with its exit code. */
function runPrefixed(cmd, args, env, prefix) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`${prefix}${line}`));
    }
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function e2e() {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
  const basePort = Number(process.env.E2E_PORT ?? 4317);
  const groups = e2eGroups(shards);
  const runs = groups.map((g, i) => {
    const prefix = groups.length > 1 ? `[e2e ${i + 1}/${groups.length}] ` : "";
    const json = `${results}/e2e-${i + 1}.json`;
    console.log(`${prefix}${g.specs.length} spec files (about ${Math.round(g.seconds)} s last time): ${g.specs.join(" ")}`);
    const filters = g.specs.map((f) => `tests/e2e/${f.replaceAll(".", "\\.")}$`);
    return runPrefixed(
      ...inOwnNetwork("npx", ["playwright", "test", "--reporter=list,json", `--output=test-results/e2e-${i + 1}`, ...filters]),
      { ...process.env, E2E_PORT: String(basePort + 10 * i), PLAYWRIGHT_JSON_OUTPUT_NAME: json },
      prefix,
    ).then((code) => ({ code, json }));
  });
  const done = await Promise.all(runs);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const durations = {};
  for (const { code, json } of done) {
    let r;
    try {
      r = JSON.parse(readFileSync(json, "utf8"));
    } catch {
      counts.failed += 1;
      continue;
    }
    counts.passed += r.stats.expected + r.stats.flaky;
    counts.failed += r.stats.unexpected + (code !== 0 && r.stats.unexpected === 0 ? 1 : 0);
    counts.skipped += r.stats.skipped;
    collectDurations(r.suites, durations);
    collectFailures(r.suites);
  }
  // This machine's figures balance the next run here.
  if (Object.keys(durations).length) {
    const rounded = Object.fromEntries(
      Object.entries(durations)
        .map(([k, v]) => [k, Math.round(v / 100) / 10])
        .sort(),
    );
    writeFileSync(E2E_DURATIONS_LOCAL, `${JSON.stringify(rounded, null, 2)}\n`);
  }
  return { ok: done.every((d) => d.code === 0), counts };
}

/** Seconds per spec file, from Playwright's JSON report (every attempt counts: a retry took time too). */
function collectDurations(suites = [], into, file = null) {
  for (const suite of suites) {
    const f = file ?? suite.file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) into[path.basename(f)] = (into[path.basename(f)] ?? 0) + (r.duration ?? 0);
      }
    }
    collectDurations(suite.suites, into, f);
  }
}

/** Playwright's tests that failed every attempt, with the last attempt's first error line. */
function collectFailures(suites = [], file = null) {
  for (const suite of suites) {
    const f = file ?? suite.file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        failures.push(`e2e: ${f} › ${spec.title}${t.projectName ? ` [${t.projectName}]` : ""} — ${firstLine(last?.error?.message)}`);
      }
    }
    collectFailures(suite.suites, f);
  }
}

/**
 * TEST_BESIDE_<LAYER> (TEST_BESIDE_SERVER, TEST_BESIDE_E2E, …): a shell command started at nice 10 when that
 * layer starts; its output goes to a log, printed after the last layer, and it is waited for before the summary.
 */
function startBeside(layer) {
  const command = process.env[`TEST_BESIDE_${layer.toUpperCase()}`];
  if (!command) return null;
  const log = `${results}/beside-${layer}.log`;
  const t = Date.now();
  console.log(`▸ beside the ${layer} layer (log: ${log}): ${command}`);
  // Without the TEST_BESIDE_* variables: a command that runs `npm test` itself (ci-node22.sh) must not start
  // its own copy beside its own layer.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TEST_BESIDE_")));
  const child = spawn("nice", ["-n", "10", "bash", "-c", command], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const out = [];
  child.stdout.on("data", (c) => out.push(c));
  child.stderr.on("data", (c) => out.push(c));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      writeFileSync(log, Buffer.concat(out));
      resolve({ layer, command, ok: code === 0, code: code ?? signal, seconds: (Date.now() - t) / 1000, log });
    });
  });
}

const summary = [];
const beside = [];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const layer of layers) {
  if (only.length && !only.includes(layer.name)) continue;
  console.log(`\n━━ ${layer.name} ━━`);
  if (layer.ownNetwork) {
    console.log(hasOwnNetwork() ? "▸ in a network namespace of its own (loopback only)" : "▸ in the machine's network (no unshare here)");
  }
  const t = Date.now();
  let ok = true;
  let counts = null;
  layer.before?.();
  const alongside = startBeside(layer.name);
  if (alongside) beside.push(alongside);
  if (layer.run) {
    ({ ok, counts } = await layer.run());
  } else if (layer.steps) {
    for (const [cmd, args] of layer.steps) {
      const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root });
      if (r.status !== 0) ok = false;
    }
    if (layer.lanes && !(await runLanes(layer.lanes))) ok = false;
    counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  } else {
    const [cmd, args] = layer.ownNetwork ? inOwnNetwork(layer.cmd, layer.args) : [layer.cmd, layer.args];
    const r = spawnSync(cmd, args, {
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

for (const b of await Promise.all(beside)) {
  console.log(`\n━━ beside the ${b.layer} layer: ${b.command} ━━\n${readFileSync(b.log, "utf8")}`);
  if (!b.ok) failed += 1;
  summary.push(`${b.ok ? "✔" : "✖"} beside ${b.layer}: ${b.command}, exit ${b.code}, ${b.seconds.toFixed(0)} s`);
}

console.log(`\n━━ summary ━━\n${summary.join("\n")}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
