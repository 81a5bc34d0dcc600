import { chromium } from "playwright";
import { readFileSync } from "node:fs";
import { brotliCompressSync } from "node:zlib";
const br = (ps) => (ps.reduce((n, f) => n + brotliCompressSync(readFileSync("build/client" + f)).length, 0) / 1024).toFixed(1);
const base = process.argv[2] ?? "http://127.0.0.1:5480";
const paths = (process.argv[3] ?? "/").split(",");
const browser = await chromium.launch({ executablePath: process.env.CHROME ?? undefined });
for (const p of paths) {
  const page = await browser.newPage({ viewport: { width: 412, height: 900 } });
  const logs = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") logs.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on("pageerror", (e) => logs.push(`pageerror: ${e.message.slice(0, 300)}`));
  const js = [];
  page.on("request", (r) => { if (r.resourceType() === "script") js.push(new URL(r.url()).pathname); });
  await page.goto(base + p, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const before = js.length;
  await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } });
  await page.waitForTimeout(2500);
  console.log(`== ${p}: scripts before scroll ${before} (${br(js.slice(0, before))} KiB), after ${js.length} (${br(js)} KiB)`);
  console.log("  hydrated:", await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")), "ready forms:", await page.locator('form[data-ready="true"]').count(), "/", await page.locator("form[data-js-form]").count());
  if (process.env.LIST) for (const f of js) console.log("    ", br([f]), f);
  for (const l of logs) console.log("  ", l);
  await page.close();
}
await browser.close();
