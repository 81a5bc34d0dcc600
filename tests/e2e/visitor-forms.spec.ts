/**
 * The visitor site's forms end to end, in both languages: each form is filled in Chromium and the
 * stored row is found in the database with the right fields (through a service-role supabase-js
 * client). Axe runs on every page and on the open dialog.
 */
import { type Page, expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  firstDayWithFreeTime,
  holdScripts,
  pickCalendarDay,
  selectFreeTime,
  serviceClient,
  watchConsole,
} from "./support";
import { CONSENT_VERSION } from "../../src/lib/consent";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;

async function storedRow(formType: string, email: string) {
  const db = serviceClient();
  let rows: { payload: Record<string, unknown>; page_path: string; locale: string; time_zone: string | null; submission_id: string }[] = [];
  await expect
    .poll(
      async () => {
        const { data, error } = await db
          .from("form_submissions")
          .select("payload,page_path,locale,time_zone,submission_id")
          .eq("form_type", formType)
          .eq("payload->>email", email);
        if (error) throw error;
        rows = data ?? [];
        return rows.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return rows[0]!;
}

/** Opens the calendar and picks the first bookable day that still has a free time (other tests book the near slots). */
async function pickFirstBookableDay(page: Page, scope = page.getByRole("dialog")) {
  await pickCalendarDay(page, scope, /Open the calendar|افتح التقويم/, await firstDayWithFreeTime());
}

for (const locale of ["ar", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";
  const L =
    locale === "en"
      ? {
          book: "Book a Demo",
          fullName: "Full name",
          email: "Work email",
          phone: "Phone number",
          company: "Company (optional)",
          time: "Preferred time",
          schedule: "Schedule my demo",
          scheduled: "Demo Scheduled Successfully!",
          footerDemo: "Book a demo",
          subscribe: "Subscribe",
          newsletter: "Get real-estate sales tips in your inbox",
          thanks: "Thank you for subscribing!",
          others: "Other countries",
          code: "Country code",
          city: "Country (optional)",
          emirate: "Emirate (optional)",
          callTime9: "During office hours",
          callTime5: "After viewings, in the evening",
          enterprise: "I'm interested in an enterprise plan",
          send: "Request a call back",
          leadThanks: "Thank you for your interest!",
          required: "Full name is required",
        }
      : {
          book: "احجز عرضًا تجريبيًا",
          fullName: "الاسم الكامل",
          email: "البريد الإلكتروني للعمل",
          phone: "رقم الهاتف",
          company: "الشركة (اختياري)",
          time: "الوقت المفضل",
          schedule: "احجز عرضي التجريبي",
          scheduled: "تم حجز العرض التجريبي بنجاح!",
          footerDemo: "احجز عرضًا تجريبيًا",
          subscribe: "اشترك",
          newsletter: "",
          thanks: "شكرًا لاشتراكك!",
          others: "دول أخرى",
          code: "رمز الدولة",
          city: "الدولة (اختياري)",
          emirate: "الإمارة (اختياري)",
          callTime9: "خلال ساعات العمل",
          callTime5: "بعد المعاينات، في المساء",
          enterprise: "أنا مهتم بباقة المؤسسات",
          send: "اطلب معاودة الاتصال",
          leadThanks: "شكرًا لاهتمامك!",
          required: "الاسم الكامل مطلوب",
        };

  test.describe(`visitor forms (${locale})`, () => {
    test(`the hero opens the demo dialog; a booking is stored (${locale})`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(prefix || "/");
      await expectNoAxeViolations(page);
      const dialog = page.getByRole("dialog");
      // The first click may land before hydration has finished: retry until the dialog opens.
      // One click, whenever it lands: before hydration the boot script holds it and clicks again once the
      // page is hydrated (src/app/deferred-boot.ts), so a tap on a slow phone is never lost.
      await page.getByRole("button", { name: L.book, exact: true }).first().click();
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      // Validation in the visitor's language, nothing sent.
      await dialog.getByRole("button", { name: L.schedule }).click();
      await expect(dialog.getByText(L.required)).toBeVisible();
      await expect(dialog.getByLabel(new RegExp(L.time))).toHaveCount(0);
      const email = unique(`demo-${locale}`);
      await dialog.getByLabel(L.fullName).fill("Layla Haddad");
      await dialog.getByLabel(L.email).fill(email);
      await dialog.getByLabel(L.phone).fill("050-123 4567");
      await expect(dialog.getByLabel(L.phone)).toHaveValue("050-123 4567");
      await dialog.getByLabel(L.company).fill("Dunes Realty");
      await pickFirstBookableDay(page, dialog);
      // One confirmed booking per slot: the tests run one at a time, so the first free time is always free.
      const slot = await selectFreeTime(dialog.getByLabel(L.time));
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: L.schedule }).click();
      await expect(page.getByText(L.scheduled)).toBeVisible();
      await expect(dialog).toBeHidden();
      const row = await storedRow("demo_booking", email);
      expect(row.payload).toMatchObject({
        fullName: "Layla Haddad",
        email,
        phone: "+971501234567",
        company: "Dunes Realty",
        demoTime: slot,
      });
      expect(row.payload.demoDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.page_path).toBe(prefix || "/");
      expect(row.locale).toBe(locale);
      expect(row.time_zone).toBeTruthy();
      // Reopened from the footer: the form was reset and the date cleared.
      await page.getByRole("contentinfo").getByRole("button", { name: L.footerDemo }).click();
      await expect(dialog.getByLabel(L.fullName)).toHaveValue("");
      await expect(dialog.getByLabel(new RegExp(L.time))).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      expect(problems).toEqual([]);
    });

    test(`the contact page stores a sales lead from the Others group (${locale})`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(`${prefix}/contact`);
      await expectNoAxeViolations(page);
      // WhatsApp opens a chat in a new tab with the prefilled English greeting; call-us is a tel: link.
      const whatsapp = page.locator('main a[href^="https://wa.me/"]');
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      expect(decodeURIComponent((await whatsapp.getAttribute("href")) ?? "")).toContain(
        "interested in learning more about your AI sales automation platform",
      );
      await expect(page.locator('main a[href^="tel:+"]')).toHaveCount(1);
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: L.send }) });
      // Focus is what loads the form's island (its code is fetched when it is near the viewport or
      // touched); on a loaded machine fetching and hydrating it can take well over the default 10 s.
      await form.getByLabel(L.fullName).focus();
      await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      const email = unique(`lead-${locale}`);
      await form.getByLabel(L.fullName).fill("Daniel Tremblay");
      await form.getByLabel(L.email).fill(email);
      await expect(form.getByLabel(L.code)).toHaveValue("+971");
      await form.getByText(L.others, { exact: true }).click();
      await expect(form.getByLabel(L.code)).toHaveValue("+1");
      await form.getByLabel(L.phone).fill("(416) 555-0123");
      await expect(form.getByLabel(L.phone)).toHaveValue("(416) 555-0123");
      await form.getByLabel(L.city).selectOption("Canada");
      await form.getByText(L.callTime5).click();
      await form.getByText(L.enterprise).click();
      await form.getByRole("button", { name: L.send }).click();
      await expect(page.getByText(L.leadThanks)).toBeVisible();
      const row = await storedRow("sales_lead", email);
      expect(row.payload).toMatchObject({
        fullName: "Daniel Tremblay",
        email,
        countryCode: "+1",
        phoneNumber: "4165550123",
        phone: "+14165550123",
        countryIso: "CA",
        country: "Others",
        city: "Canada",
        preferredCallTime: "5-9",
        isEnterpriseInterested: true,
      });
      expect(row.page_path).toBe(`${prefix}/contact`);
      // After submit the form is reset and the group is back to UAE.
      await expect(form.getByLabel(L.fullName)).toHaveValue("");
      await expect(form.getByLabel(L.code)).toHaveValue("+971");
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });

    test(`the landing lead section stores a UAE lead (${locale})`, async ({ page }) => {
      await page.goto(prefix || "/");
      const form = page.locator("#talk-to-sales form");
      await form.getByLabel(L.fullName).focus();
      await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      const email = unique(`landing-${locale}`);
      await form.getByLabel(L.fullName).fill("Omar Khalil");
      await form.getByLabel(L.email).fill(email);
      await form.getByLabel(L.phone).fill("50 765 4321");
      await form.getByLabel(L.emirate).selectOption("Abu Dhabi");
      await form.getByText(L.callTime9).first().click();
      await form.getByRole("button", { name: L.send }).click();
      await expect(page.getByText(L.leadThanks)).toBeVisible();
      const row = await storedRow("sales_lead", email);
      expect(row.payload).toMatchObject({
        countryCode: "+971",
        phone: "+971507654321",
        country: "UAE",
        city: "Abu Dhabi",
        preferredCallTime: "9-5",
        isEnterpriseInterested: false,
      });
    });

    test(`the footer newsletter stores a subscription (${locale})`, async ({ page }) => {
      await page.goto(`${prefix}/privacy-policy`);
      await expectNoAxeViolations(page);
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox").focus();
      await expect(footer.locator("form")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      await footer.getByRole("button", { name: L.subscribe }).click();
      await expect(
        footer.getByText(locale === "en" ? "Please enter a valid email address" : "يرجى إدخال عنوان بريد إلكتروني صالح"),
      ).toBeVisible();
      const email = unique(`news-${locale}`);
      await footer.getByRole("textbox").fill(email);
      await footer.getByRole("button", { name: L.subscribe }).click();
      await expect(footer.getByText(L.thanks)).toBeVisible();
      const row = await storedRow("newsletter", email);
      expect(row.payload).toEqual({ email, consent: { version: CONSENT_VERSION, marketing: true } });
    });
  });
}

test("a sign-up sent before the page has hydrated is held, then stored once, never put in a URL", async ({ page }) => {
  const problems = watchConsole(page);
  // A slow phone: the page is painted and usable, its scripts have not arrived yet.
  const { release } = await holdScripts(page);
  await page.goto("/en/privacy-policy", { waitUntil: "domcontentloaded" });
  const footer = page.getByRole("contentinfo");
  const email = unique("news-held");
  await footer.getByRole("textbox").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.locator("form")).toHaveAttribute("data-held-submit", "");
  expect(new URL(page.url()).search).toBe("");

  release();
  await expect(footer.getByText("Thank you for subscribing!")).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).search).toBe("");
  const row = await storedRow("newsletter", email);
  expect(row.payload).toEqual({ email, consent: { version: CONSENT_VERSION, marketing: true } });
  expect(problems).toEqual([]);
});

test("a lead form filled and sent before it has hydrated keeps the chosen emirate, call time and checkbox", async ({ page }) => {
  const problems = watchConsole(page);
  const { release } = await holdScripts(page);
  await page.goto("/en/contact", { waitUntil: "domcontentloaded" });
  const form = page.locator("main form");
  const email = unique("lead-held");
  await form.getByLabel("Full name").fill("Noura Saleh");
  await form.getByLabel("Work email").fill(email);
  await form.getByLabel("Phone number").fill("0551234567");
  await form.getByLabel("Emirate (optional)").selectOption("Ajman");
  await form.getByText("After viewings, in the evening").click();
  await form.getByText("I'm interested in an enterprise plan").click();
  await form.getByRole("button", { name: "Request a call back" }).click();
  await expect(form).toHaveAttribute("data-held-submit", "");

  release();
  await expect(page.getByText("Thank you for your interest!")).toBeVisible({ timeout: 30_000 });
  const row = await storedRow("sales_lead", email);
  expect(row.payload).toMatchObject({
    fullName: "Noura Saleh",
    phone: "+971551234567",
    country: "UAE",
    city: "Ajman",
    preferredCallTime: "5-9",
    isEnterpriseInterested: true,
  });
  expect(problems).toEqual([]);
});

test("privacy policy: seven sections, dated in each language", async ({ page }) => {
  await page.goto("/en/privacy-policy");
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(7 + 2); // + footer headings
  await expect(page.getByText("Last updated: November 27, 2026")).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.locator("main time")).toHaveAttribute("datetime", "2026-11-27");
  await expect(page.locator("main time")).toContainText("نوفمبر");
});

test("the landing page renders on the server with the FAQ, the teaser and the CRM logos", async ({ request }) => {
  const html = await (await request.get("/en")).text();
  expect(html).toContain("Every property lead,");
  expect(html).toContain("Frequently asked questions");
  expect(html).toContain('"@type":"FAQPage"');
  expect(html).toContain("Recently Added");
  for (const crm of ["Salesforce", "HubSpot", "Pipedrive", "Zoho CRM", "Freshworks CRM"]) expect(html).toContain(crm);
});
