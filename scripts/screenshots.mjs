#!/usr/bin/env node
/**
 * Screenshots of every public page in both languages at 390 px and 1440 px (full page), plus axe
 * violations per page at 1440 px (label-content-name-mismatch included), against a running server:
 *   node scripts/screenshots.mjs PORT [OUTDIR=/tmp/shots-ui] [--no-shots]
 */

import { chromium } from "playwright";
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync, writeFileSync } from "node:fs";
const [port, out = "/tmp/shots-ui", flag] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}`;
mkdirSync(out, { recursive: true });
const pages = ["/", "/blog", "/contact", "/privacy-policy", "/demo", "/no-such-page"];
const all = pages.flatMap((p) => [p, p === "/" ? "/en" : `/en${p}`]);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const report = {};
for (const width of [390, 1440]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  for (const p of all) {
    await page.goto(base + p, { waitUntil: "networkidle" }).catch(() => {});
    await page.waitForTimeout(800);
    if (width === 1440) {
      const r = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
      report[p] = r.violations.map((v) => `${v.id}×${v.nodes.length}`);
    }
    if (flag !== "--no-shots") {
      const lang = p === "/en" || p.startsWith("/en/") ? "en" : "ar";
      const bare = p.replace(/^\/en(?=\/|$)/, "") || "/";
      const name = `${lang}-${bare === "/" ? "home" : bare.slice(1).replace(/\//g, "-")}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    }
  }
  await ctx.close();
}
await browser.close();
writeFileSync(`${out}/axe.json`, JSON.stringify(report, null, 1));
console.log(JSON.stringify(report, null, 1));
