/**
 * Markets end to end (docs/markets.md), in both languages: a Toronto browser is offered Canada's calendar
 * (9:00 AM to 5:00 PM Toronto time on Canadian working days), a Dubai browser the UAE's; the visitor can
 * switch market; the confirmation names both zones; the visitor's link from the email cancels the demo
 * once.
 */
import { randomUUID } from "node:crypto";
import { type Page, expect, test } from "@playwright/test";
import { signBookingToken } from "../../server/mail/booking-tokens";
import { E2E_JWT_SECRET } from "./env";
import { anonClient, expectNoAxeViolations, serviceClient, watchConsole } from "./support";

const TEXT = {
  en: {
    book: "Book a Demo",
    fullName: "Full name",
    email: "Work email",
    phone: "Phone number",
    time: "Preferred time",
    schedule: "Schedule my demo",
    timesFor: "Times for:",
    uae: "UAE",
    canada: "Canada",
    dubai: "Dubai",
    toronto: "Toronto",
    cancel: "Cancel my demo",
    yes: "Yes, cancel my demo",
    cancelled: "Your demo is cancelled",
    isCancelled: "This demo is cancelled",
  },
  ar: {
    book: "احجز عرضًا تجريبيًا",
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني للعمل",
    phone: "رقم الهاتف",
    time: "الوقت المفضل",
    schedule: "احجز عرضي التجريبي",
    timesFor: "المواعيد بتوقيت:",
    uae: "الإمارات",
    canada: "كندا",
    dubai: "دبي",
    toronto: "تورنتو",
    cancel: "إلغاء عرضي التوضيحي",
    yes: "نعم، ألغِ عرضي التوضيحي",
    cancelled: "تم إلغاء عرضك التوضيحي",
    isCancelled: "هذا العرض التوضيحي ملغى",
  },
} as const;

const flat = (s: string) => s.replace(/[\u2068\u2069\u202f\u00a0\s]+/g, " ").trim();

async function openDialogAndPickFirstDay(page: Page, prefix: string, book: string) {
  await page.goto(prefix || "/");
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: book, exact: true }).first().click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  return dialog;
}

async function pickFirstDay(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  await dialog.getByRole("button", { name: /Open the calendar|افتح التقويم/ }).click();
  const enabled = page.locator(
    '[data-scope="date-picker"][data-part="table-cell-trigger"][data-view="day"]:not([aria-disabled="true"]):not([data-disabled])',
  );
  for (let i = 0; i < 3 && (await enabled.count()) < 2; i++) {
    await page.locator('[data-scope="date-picker"][data-part="next-trigger"]').first().click();
  }
  // The second open day: today may have only its last slots left (the notice).
  await enabled.nth(1).click();
}

async function optionsOf(dialog: ReturnType<Page["getByRole"]>, label: string) {
  const select = dialog.getByLabel(label);
  await expect(select).toBeVisible();
  return select
    .locator("option")
    .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })).filter((o) => o.value));
}

for (const locale of ["en", "ar"] as const) {
  const prefix = locale === "en" ? "/en" : "";
  const L = TEXT[locale];

  test.describe(`markets from Toronto (${locale})`, () => {
    test.use({ timezoneId: "America/Toronto" });

    test(`Canada's calendar: 9:00 AM to 5:00 PM Toronto, a switch to the UAE, a booking on Canada's clock (${locale})`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const dialog = await openDialogAndPickFirstDay(page, prefix, L.book);
      const group = dialog.getByRole("radiogroup", { name: L.timesFor });
      await expect(group.getByRole("radio", { name: L.canada })).toBeChecked();
      await pickFirstDay(page, dialog);
      let options = await optionsOf(dialog, L.time);
      expect(options.at(-1)!.value).toBe("17:00");
      for (const o of options) {
        expect(o.text).toContain(L.toronto);
        expect(o.text).not.toContain(L.dubai);
      }
      if (locale === "en") expect(flat(options.at(-1)!.text)).toBe("5:00 PM Toronto");
      // The UAE's calendar, seen from Toronto: Dubai's time with Toronto's beside it.
      await group.getByText(L.uae, { exact: true }).click();
      await expect(group.getByRole("radio", { name: L.uae })).toBeChecked();
      if (!(await dialog.getByLabel(L.time).isVisible())) await pickFirstDay(page, dialog);
      await expect(dialog.getByLabel(L.time).locator("option").nth(1)).toContainText(L.dubai);
      options = await optionsOf(dialog, L.time);
      for (const o of options) expect(o.text).toContain(L.toronto);
      // Back to Canada, and book, with a Toronto number under Canada's code (the phone is read against it).
      await group.getByText(L.canada, { exact: true }).click();
      await dialog.locator('select[name="countryCode-option"]').selectOption("CA");
      await expect(group.getByRole("radio", { name: L.canada })).toBeChecked();
      if (!(await dialog.getByLabel(L.time).isVisible())) await pickFirstDay(page, dialog);
      options = await optionsOf(dialog, L.time);
      const email = `markets-${locale}-${Date.now()}@e2e.example.com`;
      await dialog.getByLabel(L.fullName).fill("Sophie Martin");
      await dialog.getByLabel(L.email).fill(email);
      await dialog.getByLabel(L.phone).fill("4165550199");
      await dialog.getByLabel(L.time).selectOption(options.at(-2)!.value);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: L.schedule }).click();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      await expect(page.getByText(L.toronto).last()).toBeVisible();
      const db = serviceClient();
      await expect
        .poll(async () => {
          const { data: subs } = await db.from("form_submissions").select("id").eq("payload->>email", email);
          const ids = (subs ?? []).map((s) => s.id);
          if (!ids.length) return null;
          const { data } = await db.from("bookings").select("market_id").in("submission_id", ids);
          return data?.[0]?.market_id ?? null;
        })
        .toBe("canada");
      expect(problems).toEqual([]);
    });
  });

  test.describe(`markets from Dubai (${locale})`, () => {
    test.use({ timezoneId: "Asia/Dubai" });

    test(`the UAE's calendar: 9:00 AM to 5:00 PM Dubai, one clock (${locale})`, async ({ page }) => {
      const dialog = await openDialogAndPickFirstDay(page, prefix, L.book);
      await expect(dialog.getByRole("radiogroup", { name: L.timesFor }).getByRole("radio", { name: L.uae })).toBeChecked();
      await pickFirstDay(page, dialog);
      const options = await optionsOf(dialog, L.time);
      expect(options.at(-1)!.value).toBe("17:00");
      for (const o of options) {
        expect(o.text).toContain(L.dubai);
        expect(o.text).not.toContain(L.toronto);
      }
    });
  });

  // The link opened in Dubai: the page shows the market's time (Toronto) and the viewer's own (Dubai).
  test.describe(`the visitor's link, opened in Dubai (${locale})`, () => {
    test.use({ timezoneId: "Asia/Dubai" });

    test(`the visitor's link cancels the demo once, and says so afterwards (${locale})`, async ({ page }) => {
      const { data: settings } = await anonClient().functions.invoke("booking-slots?market=canada", { method: "GET" });
      // The first bookable day may be today with a time or two left (late in Toronto's afternoon, after the
      // other tests booked some): take the first day with at least two free times.
      let day = settings.firstDay as string;
      let free: { time: string; free: boolean }[] = [];
      for (let tries = 0; tries < 14; tries++) {
        const { data: daySlots } = await anonClient().functions.invoke(`booking-slots?market=canada&date=${day}`, { method: "GET" });
        free = ((daySlots?.slots ?? []) as { time: string; free: boolean }[]).filter((s) => s.free);
        if (free.length >= 2) break;
        day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      }
      const time = free[locale === "en" ? 0 : 1]!.time;
      const email = `link-${locale}-${Date.now()}@e2e.example.com`;
      const { error } = await anonClient().functions.invoke("submit-form", {
        body: {
          formType: "demo_booking",
          payload: { fullName: "Link Visitor", email, phone: "+14165550100", company: "", demoDate: day, demoTime: time, market: "canada" },
          path: prefix || "/",
          locale,
          timeZone: "Asia/Dubai",
          submissionId: randomUUID(),
        },
      });
      expect(error).toBeNull();
      const db = serviceClient();
      const { data: subs } = await db.from("form_submissions").select("id").eq("payload->>email", email);
      const { data: rows } = await db
        .from("bookings")
        .select("id, sequence, starts_at")
        .in(
          "submission_id",
          subs!.map((s) => s.id),
        );
      const b = rows![0]!;
      const token = signBookingToken(E2E_JWT_SECRET, b.id, b.sequence, b.starts_at);
      const response = await page.goto(`${prefix}/booking/${token}`);
      expect(response!.headers()["cache-control"]).toContain("no-store");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByTestId("booking-when")).toContainText(L.toronto);
      await expect(page.getByTestId("booking-when")).toContainText(L.dubai);
      await page.getByRole("button", { name: L.cancel }).click();
      await page.getByRole("button", { name: L.yes }).click();
      await expect(page.getByText(L.cancelled)).toBeVisible();
      await page.reload();
      await expect(page.getByText(L.isCancelled)).toBeVisible();
      await expect(page.getByRole("button", { name: L.cancel })).toHaveCount(0);
      const { data: after } = await db.from("bookings").select("status").eq("id", b.id).single();
      expect(after!.status).toBe("cancelled");
    });
  });
}
