#!/usr/bin/env node
/**
 * The size budget of every public page (part of `npm test`, static layer): the initial JavaScript and
 * CSS files a first visit downloads before the page is interactive, in brotli bytes, read from the
 * production build's manifests (scripts/lib/page-weight.mjs). Bytes are stable from run to run, unlike
 * times, so this is what a test can hold; `npm run bench` measures the times.
 *
 * Budgets live in scripts/page-budget.json (bytes, per route id, "*:<page>" for both languages). A page
 * over its budget fails the check: make it smaller, or raise its budget in the same commit and say why.
 *
 *   node scripts/page-budget.mjs            check (exit 1 when a page is over)
 *   node scripts/page-budget.mjs --print    print the table only
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { overBudget, pageWeights } from "./lib/page-weight.mjs";
import { ensureBuild, root } from "./lib/setup.mjs";

ensureBuild();
const rows = pageWeights(path.join(root, "build/client"));
const { budgets } = JSON.parse(readFileSync(path.join(root, "scripts/page-budget.json"), "utf8"));
const kib = (n) => (n / 1024).toFixed(1);
console.table(
  rows.map((r) => {
    const b = budgets[r.id] ?? budgets[`*:${r.id.split(":")[1]}`] ?? budgets["*"];
    return {
      page: r.id,
      "JS files": r.jsFiles,
      "JS KiB br": kib(r.jsBytes),
      "JS budget": b ? kib(b.js) : "–",
      "CSS files": r.cssFiles,
      "CSS KiB br": kib(r.cssBytes),
      "CSS budget": b ? kib(b.css) : "–",
    };
  }),
);
if (process.argv.includes("--print")) process.exit(0);
const problems = overBudget(rows, budgets);
if (problems.length) {
  console.error(`✖ page size budget (scripts/page-budget.json):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("✔ every public page is within its size budget");
