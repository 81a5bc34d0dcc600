/**
 * The Edge Functions' copy of the domain code they run (form rules, booking calendars, attribution, the
 * rate limiter). Supabase deploys a function from `supabase/functions/` alone, so everything a function
 * imports must live there; the source of truth stays in `src/lib/` (the browser validates with the same
 * rules) and this script copies it, with a header naming the original.
 *
 *   node scripts/functions-domain.mjs          write supabase/functions/_shared/domain/
 *   node scripts/functions-domain.mjs --check  exit 1 when the copy differs from its source (static test layer)
 *
 * The modules copied are the entries below and every module they import by a relative path. A bare import
 * (`valibot`) must be in each function's deno.json import map; an import leaving `src/lib/` is refused.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const functionsDir = path.join(root, "supabase/functions");
const outDir = path.join(functionsDir, "_shared/domain");

/** What the functions' handlers import: each source file and where its copy goes (relative to outDir). */
const ENTRIES = [
  "src/lib/attribution/attribution.ts",
  "src/lib/booking/availability.ts",
  "src/lib/booking/markets.ts",
  "src/lib/forms/schemas.ts",
  "server/api/rate-limit.ts",
];

function target(source) {
  if (source.startsWith("src/lib/")) return source.slice("src/lib/".length);
  if (source === "server/api/rate-limit.ts") return "rate-limit.ts";
  throw new Error(`${source}: the functions' domain code comes from src/lib/ (or the rate limiter), not from here`);
}

const importRe = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/g;

/** Every module reachable from the entries by relative imports, and the bare packages they use. */
function collect() {
  const modules = new Map();
  const packages = new Set();
  const queue = [...ENTRIES];
  while (queue.length) {
    const rel = queue.shift();
    if (modules.has(rel)) continue;
    const text = readFileSync(path.join(root, rel), "utf8");
    modules.set(rel, text);
    for (const [, spec] of text.matchAll(importRe)) {
      if (spec.startsWith(".")) {
        const dep = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
        if (!dep.endsWith(".ts")) throw new Error(`${rel}: import "${spec}" needs its .ts extension (Deno resolves files, not modules)`);
        target(dep); // throws when it leaves the domain
        queue.push(dep);
      } else {
        packages.add(spec);
      }
    }
  }
  return { modules, packages };
}

function rendered(modules) {
  const files = new Map();
  for (const [source, text] of modules) {
    const header = `// GENERATED from ${source} by scripts/functions-domain.mjs: edit the source, then run it.\n`;
    files.set(target(source), header + text);
  }
  return files;
}

function existing(dir = outDir, prefix = "") {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? existing(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
  );
}

function importMapProblems(packages) {
  const problems = [];
  for (const fn of readdirSync(functionsDir, { withFileTypes: true })) {
    const config = path.join(functionsDir, fn.name, "deno.json");
    if (!fn.isDirectory() || !existsSync(config)) continue;
    const imports = JSON.parse(readFileSync(config, "utf8")).imports ?? {};
    for (const p of packages) if (!(p in imports)) problems.push(`supabase/functions/${fn.name}/deno.json: no import map entry for "${p}"`);
  }
  return problems;
}

const { modules, packages } = collect();
const files = rendered(modules);
const check = process.argv.includes("--check");
const problems = importMapProblems(packages);

if (check) {
  for (const [rel, text] of files) {
    const file = path.join(outDir, rel);
    if (!existsSync(file)) problems.push(`missing: supabase/functions/_shared/domain/${rel}`);
    else if (readFileSync(file, "utf8") !== text) problems.push(`differs from its source: supabase/functions/_shared/domain/${rel}`);
  }
  for (const rel of existing()) if (!files.has(rel)) problems.push(`no longer generated: supabase/functions/_shared/domain/${rel}`);
  if (problems.length) {
    console.error(`${problems.join("\n")}\nRun: node scripts/functions-domain.mjs`);
    process.exit(1);
  }
  console.log(`functions domain: ${files.size} modules match their sources`);
} else {
  for (const rel of existing()) if (!files.has(rel)) rmSync(path.join(outDir, rel));
  for (const [rel, text] of files) {
    mkdirSync(path.dirname(path.join(outDir, rel)), { recursive: true });
    writeFileSync(path.join(outDir, rel), text);
  }
  console.log(`functions domain: wrote ${files.size} modules to supabase/functions/_shared/domain/`);
  if (problems.length) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
}
