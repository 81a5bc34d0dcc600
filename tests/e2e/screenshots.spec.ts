/**
 * Screenshots at 390 px in both languages, for people to look at (not compared): the booking dialog
 * (open, calendar open), the demo (hero, first step), the leads inbox and the mail screen. Written to
 * test-results/screenshots/<screen>-<lang>.png (ignored by git). Each screen also checks it fits the
 * phone: nothing scrolls sideways.
 */
import { mkdir } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { signIn } from "./admin-helpers";
import { anonClient } from "./support";

/** Leads to show: an Arabic name with a company in brackets, an English one, a long address. */
async function seedLeads(lang: string) {
  const people = [
    { fullName: "ليلى حداد", email: `layla.${lang}@example.ae`, company: "الوسيط (دبي) للعقارات" },
    { fullName: "Ethan Clarke", email: `ethan.${lang}@northrealty-properties.example.ca`, company: "North Realty (Toronto)" },
  ];
  for (const p of people) {
    const r = await anonClient().functions.invoke("submit-form", {
      body: {
        formType: "sales_lead",
        payload: {
          ...p,
          countryCode: "+971",
          phoneNumber: "501234567",
          phone: "+971501234567",
          country: "UAE",
          city: "Dubai",
          preferredCallTime: "5-9",
          isEnterpriseInterested: false,
        },
        path: "/contact",
        locale: lang,
        timeZone: "Asia/Dubai",
        submissionId: randomUUID(),
        website: "",
      },
    });
    expect(r.error).toBeNull();
  }
}

const DIR = "test-results/screenshots";
const L = {
  en: {
    prefix: "/en",
    book: "Book a Demo",
    calendar: /Open the calendar/,
    hero: "See AI follow-up in action",
    start: "Start Now",
    options: "How would you like to try it?",
  },
  ar: {
    prefix: "",
    book: "احجز عرضًا تجريبيًا",
    calendar: /افتح التقويم/,
    hero: "شاهد المتابعة الذكية أثناء العمل",
    start: "ابدأ الآن",
    options: "كيف تودّ أن تجرّبه؟",
  },
} as const;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, name: string, fullPage = false) {
  await mkdir(DIR, { recursive: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage });
}

for (const lang of ["ar", "en"] as const) {
  const t = L[lang];
  test(`(${lang}) booking dialog and demo at 390 px`, async ({ page }) => {
    await page.goto(t.prefix || "/");
    const dialog = page.getByRole("dialog");
    await page.getByRole("button", { name: t.book, exact: true }).first().click();
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await shot(page, `booking-dialog-${lang}`);
    await dialog.getByRole("button", { name: t.calendar }).click();
    await expect(page.locator('[data-scope="date-picker"][data-part="content"]').first()).toBeVisible();
    await page.waitForTimeout(300);
    await shot(page, `booking-calendar-${lang}`);

    await page.goto(`${t.prefix}/demo`);
    await expect(page.getByRole("heading", { level: 1, name: t.hero, exact: true })).toBeVisible();
    await shot(page, `demo-hero-${lang}`);
    await expect(async () => {
      await page.getByRole("button", { name: t.start, exact: true }).click({ timeout: 1000 });
      await expect(page.getByRole("heading", { level: 1, name: t.options, exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.waitForTimeout(300);
    await shot(page, `demo-options-${lang}`, true);
  });

  test(`(${lang}) leads inbox and mail at 390 px`, async ({ page }) => {
    await seedLeads(lang);
    await signIn(page, `${t.prefix}/admin/leads`);
    await expect(page.getByTestId("lead-row").first()).toBeVisible();
    await shot(page, `leads-inbox-${lang}`);
    await shot(page, `leads-inbox-full-${lang}`, true);
    await page.getByTestId("admin-menu-button").click();
    await shot(page, `admin-menu-${lang}`);
    await page.goto(`${t.prefix}/admin/mail`);
    await expect(page.getByTestId("mail-tabs")).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, `mail-${lang}`, true);
  });
}
