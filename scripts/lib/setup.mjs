/** Shared steps of `npm start` and `npm test`: install what a fresh clone lacks, build when stale. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p)) {
    if (e === "node_modules" || e.startsWith(".")) continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

/** Node 22 from 22.18 (it strips TypeScript types itself: the server runs its sources without a loader) and 24. */
const supportedNode = (version) => {
  const [major, minor] = version.split(".").map(Number);
  return major === 24 || (major === 22 && minor >= 18);
};

/**
 * Runs `command args` with this terminal, passes SIGINT/SIGTERM/SIGHUP on to it, and ends this process
 * with its exit code (or its signal) when it ends. Returns a promise that never resolves: the caller
 * awaits it and never continues. A signal sent to this process alone (`kill <pid>`, a container
 * runtime, npm passing on its own SIGTERM) so reaches the program that does the work.
 */
export function runForwarding(command, args, opts = {}) {
  const child = spawn(command, args, { stdio: "inherit", ...opts });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, forward);
  child.once("error", (e) => {
    console.error(`✖ could not run ${command}: ${e.message}`);
    process.exit(1);
  });
  child.once("exit", (code, signal) => {
    for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(s, forward);
    if (signal) {
      // End the same way, so a parent sees what happened.
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(1), 1000).unref();
    } else process.exit(code ?? 1);
  });
  return new Promise(() => {});
}

/** Where a fetched Node 24 lives (shared by every checkout of this user). */
const nodeCache = () => path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "wasla-node");

/**
 * The site supports Node 22 and 24 LTS. On an older (or unknown newer) Node, fetch Node 24 from the npm
 * registry's `node` package into a cache folder once and re-run this same command with it, so that every
 * `npm run` script works on a machine that ships another Node (scripts/node.mjs). Await it: on an
 * unsupported Node it never returns (this process ends with the re-run's exit code).
 */
export async function ensureSupportedNode() {
  if (supportedNode(process.versions.node) || process.env.WASLA_NODE_REEXEC) return;
  const cache = nodeCache();
  const bin = path.join(cache, "node_modules/.bin");
  const node = path.join(bin, "node");
  if (!existsSync(node)) {
    console.log(`▸ Node ${process.versions.node} is not supported (22.18+ or 24 LTS): fetching Node 24 into ${cache}…`);
    mkdirSync(cache, { recursive: true });
    run("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--loglevel=error", "node@24"], { cwd: cache });
  }
  await runForwarding(node, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, WASLA_NODE_REEXEC: "1" },
  });
}

/** npm ci when node_modules is missing or older than the lockfile (on a supported Node). */
export async function ensureDependencies() {
  await ensureSupportedNode();
  const marker = path.join(root, "node_modules/.package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("▸ Installing dependencies (first run)…");
  const t = Date.now();
  run("npm", ["ci", "--no-audit", "--no-fund"]);
  console.log(`  installed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const STAMP = path.join(root, "build/.stamp");
const INPUTS = ["src", "locales", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "lingui.config.ts"];

/** Production build when there is none or a source changed since the last one. */
export function ensureBuild({ force = false } = {}) {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const changed = Math.max(...INPUTS.map((p) => newest(path.join(root, p))));
  if (!force && built && built >= changed && existsSync(path.join(root, "build/server/index.js"))) return;
  console.log("▸ Building the site…");
  const t = Date.now();
  // Always a production build, also when called from a test runner that sets NODE_ENV=test.
  run("npx", ["react-router", "build"], { env: { ...process.env, NODE_ENV: "production" } });
  // The mail templates and catalogs the server loads, compiled (no Babel or .po parsing at run time).
  run(process.execPath, ["scripts/build-mail.mjs"], { env: { ...process.env, NODE_ENV: "production" } });
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`  built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium and Arabic fonts for the browser tests (root on Debian installs them). */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execFileSync("which", ["apt-get"], { stdio: "ignore" });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (!isRoot || !hasApt) {
    console.error(`✖ Chromium not found at ${chromiumPath}. Install Debian's chromium and fonts-noto-core, or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log("▸ Installing Chromium and Arabic fonts (apt-get)…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-core"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}
