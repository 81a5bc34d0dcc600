/**
 * One phone rule for every form (issue 29), end to end in both languages: on the contact and landing
 * sales-lead forms, the booking dialog and the article's booking form, the shapes visitors really
 * type or autofill are stored as one E.164 number with the visitor's country, and the wrong ones are
 * named in the visitor's language (nothing stored).
 */
import { type Locator, type Page, expect, test } from "@playwright/test";
import { firstDayWithFreeTime, pickCalendarDay, selectFreeTime, serviceClient } from "./support";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;

/** What is stored for an email (one row), polled until it arrives. */
async function stored(formType: string, email: string) {
  const db = serviceClient();
  let payload: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const { data, error } = await db.from("form_submissions").select("payload").eq("form_type", formType).eq("payload->>email", email);
        if (error) throw error;
        payload = (data?.[0]?.payload as Record<string, unknown>) ?? {};
        return data?.length ?? 0;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  return payload;
}

async function nothingStored(email: string) {
  const { data } = await serviceClient().from("form_submissions").select("id").eq("payload->>email", email);
  expect(data ?? []).toHaveLength(0);
}

/** Valid shapes: each is stored as the same UAE mobile. */
const VALID = [
  { shape: "autofill", typed: "+971 50 123 4567", shown: "+971 50 123 4567" },
  // Typed key by key: each Arabic-Indic digit becomes a Western one, none is lost.
  { shape: "Arabic-Indic", typed: "٠٥٠١٢٣٤٥٦٧", shown: "0501234567", keys: true },
  { shape: "00 prefix", typed: "00971501234567", shown: "00971501234567" },
] as const;

const T = {
  en: {
    fullName: "Full name",
    email: "Work email",
    phone: "Phone number",
    send: "Request a call back",
    leadThanks: "Thank you for your interest!",
    callTime: "During office hours",
    book: "Book a Demo",
    schedule: "Schedule my demo",
    scheduled: "Demo Scheduled Successfully!",
    articleScheduled: "Demo Scheduled!",
    time: "Preferred time",
    calendar: "Open the calendar",
    company: "Company",
    country: "Country",
    tooShort: "This phone number is too short",
    wrong: "This number has the code +44 (United Kingdom), but the chosen country is United Arab Emirates",
    needsCode: "Type the number with its international code, starting with + or 00",
    article: "/en/blog/uae-real-estate-market-trends-2025",
  },
  ar: {
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني للعمل",
    phone: "رقم الهاتف",
    send: "اطلب معاودة الاتصال",
    leadThanks: "شكرًا لاهتمامك!",
    callTime: "خلال ساعات العمل",
    book: "احجز عرضًا تجريبيًا",
    schedule: "احجز عرضي التجريبي",
    scheduled: "تم حجز العرض التجريبي بنجاح!",
    articleScheduled: "تم حجز العرض التجريبي!",
    time: "الوقت المفضل",
    calendar: "افتح التقويم",
    company: "الشركة",
    country: "الدولة",
    tooShort: "رقم الهاتف هذا أقصر من اللازم",
    wrong: "يحمل هذا الرقم الرمز \u2066+44\u2069 (المملكة المتحدة)، لكن الدولة المختارة هي الإمارات العربية المتحدة",
    needsCode: "اكتب الرقم مع رمزه الدولي، بادئًا بـ + أو 00",
    article: `/blog/${encodeURIComponent("اتجاهات-سوق-العقارات-في-الإمارات-2025")}`,
  },
} as const;

async function typePhone(field: Locator, typed: string, keys = false) {
  await field.fill("");
  if (keys) await field.pressSequentially(typed);
  else await field.fill(typed);
}

/** Picks the first bookable day that still has a free time (other tests book the near ones) and its last free slot. */
async function pickSlot(page: Page, scope: Locator, L: (typeof T)["en" | "ar"]) {
  await pickCalendarDay(page, scope, L.calendar, await firstDayWithFreeTime());
  const time = scope.getByLabel(L.time);
  await expect(time).toBeVisible();
  await selectFreeTime(time, "end");
}

for (const locale of ["ar", "en"] as const) {
  const L = T[locale];
  const prefix = locale === "en" ? "/en" : "";

  test.describe(`phone input (${locale})`, () => {
    for (const [where, path, selector] of [
      ["contact", `${prefix}/contact`, "main form"],
      ["landing", prefix || "/", "#talk-to-sales form"],
    ] as const) {
      test(`${where} sales-lead form: typed shapes stored in E.164, wrong ones named (${locale})`, async ({ page }) => {
        await page.goto(path);
        const form = page.locator(selector).filter({ has: page.getByRole("button", { name: L.send }) });
        await form.getByLabel(L.fullName).focus();
        await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
        const phone = form.getByLabel(L.phone);
        const fill = async (email: string) => {
          await form.getByLabel(L.fullName).fill("Layla Haddad");
          await form.getByLabel(L.email).fill(email);
          await form.getByText(L.callTime).first().click();
        };
        // Wrong shapes first: the message names what is wrong, nothing is stored.
        const rejected = unique(`phone-lead-bad-${locale}`);
        await fill(rejected);
        for (const [typed, message] of [
          ["050 12", L.tooShort],
          ["+44 20 7946 0958", L.wrong],
        ] as const) {
          await typePhone(phone, typed);
          await form.getByRole("button", { name: L.send }).click();
          await expect(form.getByText(message, { exact: true })).toBeVisible();
          await expect(phone).toHaveValue(typed);
        }
        await nothingStored(rejected);
        for (const { shape, typed, shown, ...rest } of where === "contact" ? VALID : VALID.slice(0, 1)) {
          const email = unique(`phone-lead-${locale}`);
          await fill(email);
          await typePhone(phone, typed, "keys" in rest);
          await expect(phone, shape).toHaveValue(shown);
          await form.getByRole("button", { name: L.send }).click();
          await expect(page.getByText(L.leadThanks)).toBeVisible();
          expect(await stored("sales_lead", email), shape).toMatchObject({
            phone: "+971501234567",
            countryCode: "+971",
            phoneNumber: "501234567",
            countryIso: "AE",
          });
          await expect(form.getByLabel(L.fullName)).toHaveValue("");
        }
      });
    }

    test(`booking dialog: typed shapes stored in E.164, wrong ones named (${locale})`, async ({ page }) => {
      await page.goto(prefix || "/");
      const dialog = page.getByRole("dialog");
      const open = async () => {
        await page.getByRole("button", { name: L.book, exact: true }).first().click();
        await expect(dialog).toBeVisible({ timeout: 20_000 });
      };
      await open();
      const phone = dialog.getByLabel(L.phone);
      const rejected = unique(`phone-dialog-bad-${locale}`);
      await dialog.getByLabel(L.fullName).fill("Layla Haddad");
      await dialog.getByLabel(L.email).fill(rejected);
      for (const [typed, message] of [
        ["050 12", L.tooShort],
        ["+44 20 7946 0958", L.wrong],
      ] as const) {
        await typePhone(phone, typed);
        await dialog.getByRole("button", { name: L.schedule }).click();
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      }
      await nothingStored(rejected);
      let first = true;
      for (const { shape, typed, shown, ...rest } of VALID) {
        if (!first) await open();
        first = false;
        const email = unique(`phone-dialog-${locale}`);
        await dialog.getByLabel(L.fullName).fill("Layla Haddad");
        await dialog.getByLabel(L.email).fill(email);
        await typePhone(phone, typed, "keys" in rest);
        await expect(phone, shape).toHaveValue(shown);
        await pickSlot(page, dialog, L);
        await dialog.getByRole("button", { name: L.schedule }).click();
        await expect(dialog).toBeHidden({ timeout: 20_000 });
        expect(await stored("demo_booking", email), shape).toMatchObject({ phone: "+971501234567", countryIso: "AE" });
      }
    });

    test(`article booking form: the country select decides, never cut to 10 digits (${locale})`, async ({ page }) => {
      await page.goto(L.article);
      const section = page.locator("section").filter({ has: page.locator("#article-booking-title") });
      const form = section.locator("form");
      await section.getByLabel(L.fullName).scrollIntoViewIfNeeded();
      await form.getByLabel(L.fullName).focus();
      await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      const phone = form.getByLabel(L.phone);
      const fill = async (email: string, country: string) => {
        await form.getByLabel(L.fullName).fill("Layla Haddad");
        await form.getByLabel(L.email).fill(email);
        await form.getByLabel(L.company).fill("Dunes Realty");
        await form.getByLabel(L.country).selectOption(country);
      };
      const rejected = unique(`phone-article-bad-${locale}`);
      await fill(rejected, "uae");
      for (const [typed, message, country] of [
        ["050 12", L.tooShort, "uae"],
        ["+44 20 7946 0958", L.wrong, "uae"],
        ["0501234567", L.needsCode, "other"],
      ] as const) {
        await form.getByLabel(L.country).selectOption(country);
        await typePhone(phone, typed);
        await form.getByRole("button", { name: L.schedule }).click();
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await nothingStored(rejected);
      for (const { shape, typed, shown, ...rest } of VALID) {
        const email = unique(`phone-article-${locale}`);
        await fill(email, "uae");
        await typePhone(phone, typed, "keys" in rest);
        await expect(phone, shape).toHaveValue(shown);
        await pickSlot(page, form, L);
        await form.getByRole("button", { name: L.schedule }).click();
        await expect(section.getByText(L.articleScheduled)).toBeVisible();
        expect(await stored("demo_booking", email), shape).toMatchObject({ phone: "+971501234567", countryIso: "AE", country: "uae" });
        await expect(form.getByLabel(L.fullName)).toHaveValue("");
      }
    });
  });
}
