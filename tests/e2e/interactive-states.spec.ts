/**
 * Every public page and every interactive state the tests reach, checked like pa11y and the Nu checker
 * would (issue 34): at 390 and 1440 px, in both languages, one browser context per language and width.
 * Pages: home, blog list, an article (its booking form, calendar open, errors), contact (lead form
 * errors, success), privacy policy (newsletter sign-up success), the 404 page. States: the booking dialog
 * open, its calendar, its errors, its success; every demo step (hero, options, upload and its error,
 * progress, results, edit, email and its error, success, dialer).
 * Each state: axe (WCAG 2 A/AA rules and best practices, pa11y's axe runner), HTML_CodeSniffer WCAG2AA
 * (pa11y's default runner; errors count, as in pa11y), both checked in place; the W3C Nu checker over its
 * rendered DOM (zero errors; one Java run for all states at the end).
 */
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { htmlcs } from "./htmlcs";
import { NuDocuments } from "./nu-checker";
import { adminClient, firstDayWithFreeTime, pickCalendarDay, publishArticlePair, selectFreeTime, silentWav, startDemo } from "./support";
import { DEMO_LABELS } from "./demo-labels";

const L = {
  ar: {
    ...DEMO_LABELS.ar,
    prefix: "",
    book: "احجز عرضًا تجريبيًا",
    calendar: /افتح التقويم/,
    submit: "احجز عرضي التجريبي",
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني للعمل",
    phone: "رقم الهاتف",
    time: "الوقت المفضل",
    scheduled: "تم حجز العرض التجريبي بنجاح!",
    send: "اطلب معاودة الاتصال",
    callTime: "خلال ساعات العمل",
    leadThanks: "شكرًا لاهتمامك!",
    subscribe: "اشترك",
    thanks: "شكرًا لاشتراكك!",
    submitMessage: "إرسال رسالة واتساب",
  },
  en: {
    ...DEMO_LABELS.en,
    prefix: "/en",
    book: "Book a Demo",
    calendar: /Open the calendar/,
    submit: "Schedule my demo",
    fullName: "Full name",
    email: "Work email",
    phone: "Phone number",
    time: "Preferred time",
    scheduled: "Demo Scheduled Successfully!",
    send: "Request a call back",
    callTime: "During office hours",
    leadThanks: "Thank you for your interest!",
    subscribe: "Subscribe",
    thanks: "Thank you for subscribing!",
    submitMessage: "Submit WhatsApp Message",
  },
} as const;

const WIDTHS = [390, 1440] as const;
const documents = new NuDocuments(path.resolve(`.tmp/states-${process.pid}`));
const axeFindings: string[] = [];
const htmlcsFindings: string[] = [];
const htmlcsOther = { warnings: 0, notices: 0 };

const run = Date.now().toString(36);
const articles = { en: `states-${run}`, ar: `حالات-${run}` };

async function settle(page: Page) {
  await page
    .waitForFunction(
      // An endless animation (a spinner, the progress bar's stripes) never settles: only finite ones are waited for.
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

/**
 * Checks the state in place with axe and HTML_CodeSniffer and keeps its DOM for the Nu checker.
 * `running`: a state with an endless animation (the progress bar): judged as it is, without waiting.
 */
async function check(page: Page, label: string, { running = false } = {}) {
  if (!running) await settle(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  for (const v of results.violations)
    axeFindings.push(`${label}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  const sniffed = await htmlcs(page);
  for (const e of sniffed.errors) htmlcsFindings.push(`${label}: ${e}`);
  htmlcsOther.warnings += sniffed.warnings;
  htmlcsOther.notices += sniffed.notices;
  // The log: what each state got, as it is checked (the assertion comes once every state is in).
  if (results.violations.length || sniffed.errors.length)
    console.log(
      `${label}: axe ${results.violations.length}, HTMLCS ${sniffed.errors.length}\n  ${[...results.violations.map((v) => v.id), ...sniffed.errors].join("\n  ")}`,
    );
  documents.add(label, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
}

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.beforeAll(async () => {
  documents.reset();
  await publishArticlePair(
    {
      slug: articles.en,
      title: `Checked states ${run}`,
      excerpt: "A post that exists so the article page and its booking form can be checked.",
      hero_image_url: "/images/blog/uae-market-2025.png",
      hero_image_alt: "A drawing of the Dubai skyline",
    },
    { slug: articles.ar, title: `حالات مفحوصة ${run}`, excerpt: "مقال موجود ليُفحص نموذج الحجز في صفحة المقال." },
  );
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [articles.en, articles.ar]);
});

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

for (const width of WIDTHS) {
  for (const lang of ["ar", "en"] as const) {
    const t = L[lang];
    const at = `${lang} ${width}`;

    test(`(${at} px) public pages, forms, booking dialog, demo steps`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

      // Pages as they load.
      await page.goto(t.prefix || "/");
      await check(page, `${at} home`);
      await page.goto(`${t.prefix}/blog`);
      await check(page, `${at} blog list`);
      await page.goto(`${t.prefix}/no-such-page`);
      await check(page, `${at} 404`);

      // An article, its booking form's calendar and errors.
      await page.goto(`${t.prefix}/blog/${encodeURIComponent(articles[lang])}`);
      await check(page, `${at} article`);
      const articleForm = page.locator("main form").filter({ has: page.getByRole("button", { name: t.submit }) });
      await expect(async () => {
        await articleForm.getByRole("button", { name: t.calendar }).click({ timeout: 1000 });
        await page.locator('[data-scope="date-picker"][data-part="table"]').first().waitFor({ timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      await check(page, `${at} article calendar open`);
      await page.keyboard.press("Escape");
      await expect(page.locator('[data-scope="date-picker"][data-part="table"]').first()).toBeHidden();
      await articleForm.getByRole("button", { name: t.submit }).click();
      await expect(articleForm.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, `${at} article form errors`);

      // Contact: the lead form's errors, then its success.
      await page.goto(`${t.prefix}/contact`);
      await check(page, `${at} contact`);
      const lead = page.locator("form").filter({ has: page.getByRole("button", { name: t.send }) });
      await lead.getByLabel(t.fullName).focus();
      await expect(lead).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      await lead.getByRole("button", { name: t.send }).click();
      await expect(lead.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, `${at} contact form errors`);
      await lead.getByLabel(t.fullName).fill("Daniel Tremblay");
      await lead.getByLabel(t.email).fill(unique(`states-${lang}-${width}`));
      await lead.getByLabel(t.phone).fill("50 765 4321");
      await lead.getByText(t.callTime, { exact: true }).first().click();
      await lead.getByRole("button", { name: t.send }).click();
      await expect(page.getByText(t.leadThanks)).toBeVisible();
      await check(page, `${at} contact form success`);

      // Privacy policy; the footer newsletter's success.
      await page.goto(`${t.prefix}/privacy-policy`);
      await check(page, `${at} privacy policy`);
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox").focus();
      await footer.getByRole("textbox").fill(unique(`states-news-${lang}-${width}`));
      // One click, whenever it lands: before the island has hydrated it is held and replayed.
      await footer.getByRole("button", { name: t.subscribe }).click();
      await expect(footer.getByText(t.thanks)).toBeVisible({ timeout: 30_000 });
      await check(page, `${at} newsletter success`);

      // The booking dialog: open, calendar, errors, success.
      await page.goto(t.prefix || "/");
      const dialog = page.getByRole("dialog");
      await expect(async () => {
        await page.getByRole("button", { name: t.book, exact: true }).first().click();
        await expect(dialog).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await check(page, `${at} booking dialog open`);
      await dialog.getByRole("button", { name: t.calendar }).click();
      await page.locator('[data-scope="date-picker"][data-part="table"]').first().waitFor();
      await check(page, `${at} calendar open`);
      await page.keyboard.press("Escape");
      await expect(page.locator('[data-scope="date-picker"][data-part="table"]').first()).toBeHidden();
      await dialog.getByRole("button", { name: t.submit }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, `${at} booking form errors`);
      await dialog.getByLabel(t.fullName).fill("Layla Haddad");
      await dialog.getByLabel(t.email).fill(unique(`states-book-${lang}-${width}`));
      await dialog.getByLabel(t.phone).fill("050-123 4567");
      await pickCalendarDay(page, dialog, t.calendar, await firstDayWithFreeTime(undefined, { skipDays: 7 }));
      await selectFreeTime(dialog.getByLabel(new RegExp(t.time)));
      await dialog.getByRole("button", { name: t.submit }).click();
      await expect(page.getByText(t.scheduled)).toBeVisible();
      await check(page, `${at} booking success`);

      // The demo: every step.
      await page.goto(`${t.prefix}/demo`);
      await expect(h1(page, t.hero)).toBeVisible();
      await check(page, `${at} demo hero`);
      await startDemo(page, t);
      await check(page, `${at} demo options`);
      await page.getByRole("button", { name: t.upload }).click();
      await expect(h1(page, t.uploadTitle)).toBeVisible();
      await check(page, `${at} demo upload`);
      const input = page.getByTestId("audio-input");
      await input.setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n") });
      await expect(page.getByText(t.invalid, { exact: true })).toBeVisible();
      await check(page, `${at} demo upload error`);
      await input.setInputFiles({ name: `states-${lang}-${width}.wav`, mimeType: "audio/wav", buffer: silentWav() });
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("progressbar")).toBeVisible();
      await check(page, `${at} demo progress`, { running: true });
      await expect(h1(page, t.resultsTitle)).toBeVisible({ timeout: 30_000 });
      await check(page, `${at} demo results`);
      await page.getByTestId("match-row").nth(1).getByRole("button").click();
      await page.getByRole("button", { name: t.editMatches, exact: true }).click();
      await expect(page.getByTestId("match-select-1")).toBeVisible();
      await check(page, `${at} demo edit`);
      await page.getByRole("button", { name: t.saveEdits, exact: true }).click();
      await expect(h1(page, t.resultsTitle)).toBeVisible();
      await page.getByRole("button", { name: t.submitMessage, exact: true }).click();
      await page.getByRole("button", { name: t.sendEmail, exact: true }).click();
      await expect(page.getByTestId("email-subject")).toBeVisible();
      await check(page, `${at} demo email`);
      await page.getByLabel(t.callLink).fill("");
      await page.getByRole("button", { name: t.sendEmail, exact: true }).click();
      await expect(page.getByLabel(t.callLink)).toHaveAttribute("aria-invalid", "true");
      await check(page, `${at} demo email error`);
      await page.getByLabel(t.callLink).fill("https://meet.example.com/states");
      await page.getByRole("button", { name: t.sendEmail, exact: true }).click();
      await expect(h1(page, t.successTitle)).toBeVisible();
      await check(page, `${at} demo success`);
      await page.getByRole("button", { name: t.backToDashboard, exact: true }).click();
      await page.getByRole("button", { name: t.start, exact: true }).click();
      await page.getByRole("button", { name: t.dialer }).click();
      await expect(h1(page, t.dialerTitle)).toBeFocused();
      await page.keyboard.type("0501234567");
      await check(page, `${at} demo dialer`);
    });
  }
}

const STATES_PER_RUN = 26;

test("every state: axe and HTML_CodeSniffer find nothing, the Nu checker finds no error", () => {
  const states = documents.files.size;
  const { reported, errors: nu } = documents.check();
  console.log(
    `${states} states: axe ${axeFindings.length} violations, HTMLCS ${htmlcsFindings.length} errors ` +
      `(${htmlcsOther.warnings} warnings, ${htmlcsOther.notices} notices, not counted), Nu ${nu.length} distinct errors`,
  );
  expect(states, "every state was captured").toBe(WIDTHS.length * 2 * STATES_PER_RUN);
  expect(reported, "the checker produced a report").toBe(true);
  expect({ axe: axeFindings, htmlcs: htmlcsFindings, nu }).toEqual({ axe: [], htmlcs: [], nu: [] });
});
