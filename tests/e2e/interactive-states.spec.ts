/**
 * Interactive states, checked like the pages (issue 34): at 390 and 1440 px, in both languages, the
 * booking dialog open, its calendar open, the booking form's errors (sent empty), the demo's hero and
 * first step. Each state: axe (WCAG 2 A/AA rules, zero violations, checked in place) and the W3C Nu
 * checker over its rendered DOM (zero errors; one Java run for all states at the end).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";

const require = createRequire(import.meta.url);
const vnuJar: string = require("vnu-jar");

const L = {
  ar: {
    prefix: "",
    book: "احجز عرضًا تجريبيًا",
    calendar: /افتح التقويم/,
    submit: "احجز عرضي التجريبي",
    hero: "شاهد المتابعة الذكية أثناء العمل",
    start: "ابدأ الآن",
    options: "كيف تودّ أن تجرّبه؟",
  },
  en: {
    prefix: "/en",
    book: "Book a Demo",
    calendar: /Open the calendar/,
    submit: "Schedule my demo",
    hero: "See AI follow-up in action",
    start: "Start Now",
    options: "How would you like to try it?",
  },
} as const;

const WIDTHS = [390, 1440] as const;
const dir = path.resolve(`.tmp/states-${process.pid}`);
const files = new Map<string, string>();
const axeFindings: string[] = [];

async function settle(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 5000 })
    .catch(() => undefined);
}

/** Checks the state in place with axe and keeps its DOM for the Nu checker. */
async function check(page: Page, label: string) {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  for (const v of results.violations)
    axeFindings.push(`${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  const html = `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
  const file = path.join(dir, `${files.size.toString().padStart(2, "0")}.html`);
  writeFileSync(file, html);
  files.set(file, label);
}

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.beforeAll(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
});

for (const width of WIDTHS) {
  for (const lang of ["ar", "en"] as const) {
    const t = L[lang];
    test(`(${lang}, ${width} px) booking dialog, calendar, form errors, demo steps`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(t.prefix || "/");
      const dialog = page.getByRole("dialog");
      await expect(async () => {
        await page.getByRole("button", { name: t.book, exact: true }).first().click();
        await expect(dialog).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await check(page, `${lang} ${width} booking dialog open`);
      await dialog.getByRole("button", { name: t.calendar }).click();
      await page.locator('[data-scope="date-picker"][data-part="table"]').first().waitFor();
      await check(page, `${lang} ${width} calendar open`);
      await page.keyboard.press("Escape");
      await expect(page.locator('[data-scope="date-picker"][data-part="table"]').first()).toBeHidden();
      await dialog.getByRole("button", { name: t.submit }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, `${lang} ${width} booking form errors`);

      await page.goto(`${t.prefix}/demo`);
      await expect(page.getByRole("heading", { level: 1, name: t.hero, exact: true })).toBeVisible();
      await check(page, `${lang} ${width} demo hero`);
      await expect(async () => {
        await page.getByRole("button", { name: t.start, exact: true }).click({ timeout: 1000 });
        await expect(page.getByRole("heading", { level: 1, name: t.options, exact: true })).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await check(page, `${lang} ${width} demo options`);
    });
  }
}

test("every state: axe finds nothing, the Nu checker finds no error", () => {
  const out = spawnSync("java", ["-Xss8m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).stderr;
  const report = JSON.parse(out || "{}") as {
    messages?: { type: string; subType?: string; url: string; message: string; extract?: string }[];
  };
  const grouped = new Map<string, number>();
  for (const m of report.messages ?? []) {
    if (m.type !== "error" && m.subType !== "fatal") continue;
    const file = decodeURIComponent(m.url.replace(/^file:/, ""));
    const key = `${files.get(file) ?? file}: ${m.message.replace(/“[^”]*_r_[^”]*”/g, "“…”")} — ${(m.extract ?? "").replace(/\s+/g, " ").slice(0, 120)}`;
    grouped.set(key, (grouped.get(key) ?? 0) + 1);
  }
  expect(files.size, "every state was captured").toBe(WIDTHS.length * 2 * 5);
  expect(report.messages, "the checker produced a report").toBeDefined();
  rmSync(dir, { recursive: true, force: true });
  expect({ axe: axeFindings, nu: [...grouped].map(([k, n]) => `${k} ×${n}`) }).toEqual({ axe: [], nu: [] });
});
