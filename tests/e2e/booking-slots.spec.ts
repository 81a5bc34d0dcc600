/**
 * Bookings that respect time (docs/product.md#booking), end to end in both languages: a visitor whose
 * browser is in Toronto and who picks the UAE's calendar sees every slot in Dubai time with Toronto time beside it; a slot already taken
 * is not offered; when another visitor takes the chosen slot first, the form keeps the details and offers
 * the next free times (HTTP 409 underneath); the admin agenda moves and cancels a demo, and the visitor is
 * emailed each time.
 */
import { randomUUID } from "node:crypto";
import { type Page, expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { anonClient, expectNoAxeViolations, serviceClient, watchConsole } from "./support";

test.use({ timezoneId: "America/Toronto" });

/** The first UAE day after today (today may be open with only its last slots, docs/markets.md). */
async function firstDay(): Promise<string> {
  const { data, error } = await anonClient().functions.invoke("booking-slots", { method: "GET" });
  if (error) throw error;
  let day = data.firstDay as string;
  if (day !== data.today) return day;
  for (let i = 1; i < 7; i++) {
    const next = new Date(Date.parse(`${data.today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const { data: d } = await anonClient().functions.invoke(`booking-slots?date=${next}`, { method: "GET" });
    if ((d.slots as unknown[]).length) {
      day = next;
      break;
    }
  }
  return day;
}

/** Books a slot as another visitor would, through submit-form; returns the HTTP status. */
async function bookAsSomeoneElse(demoDate: string, demoTime: string, name = "Other Visitor"): Promise<{ status: number; email: string }> {
  const email = `other-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;
  const { error } = await anonClient().functions.invoke("submit-form", {
    body: {
      formType: "demo_booking",
      payload: { fullName: name, email, phone: "+14165550100", company: "", demoDate, demoTime },
      path: "/en",
      locale: "en",
      timeZone: "America/Toronto",
      submissionId: randomUUID(),
    },
  });
  const status = error ? ((error as { context?: Response }).context?.status ?? 0) : 201;
  return { status, email };
}

async function openDialogAndPickFirstDay(page: Page, prefix: string, book: string) {
  await page.goto(prefix || "/");
  const dialog = page.getByRole("dialog");
  // One click, whenever it lands: before hydration the boot script holds it and clicks again once the
  // page is hydrated (src/app/deferred-boot.ts), so a tap on a slow phone is never lost.
  await page.getByRole("button", { name: book, exact: true }).first().click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // A Toronto browser gets Canada's calendar (docs/markets.md); these cases are about the UAE's, seen from Toronto.
  await dialog
    .getByRole("radiogroup")
    .getByText(/^(UAE|الإمارات)$/)
    .click();
  await dialog.getByRole("button", { name: /Open the calendar|افتح التقويم/ }).click();
  const day = await firstDay();
  const cell = page.locator(`[data-scope="date-picker"][data-part="table-cell-trigger"][data-view="day"][data-value="${day}"]`);
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) {
    await page.locator('[data-scope="date-picker"][data-part="next-trigger"]').first().click();
  }
  await cell.first().click();
  return dialog;
}

async function bookingsOf(email: string) {
  const db = serviceClient();
  const { data: subs } = await db.from("form_submissions").select("id, payload").eq("payload->>email", email);
  const ids = (subs ?? []).map((s) => s.id);
  const { data } = await db
    .from("bookings")
    .select("id, starts_at, status, submission_id")
    .in("submission_id", ids.length ? ids : [randomUUID()]);
  return { submissions: subs ?? [], bookings: data ?? [] };
}

const TEXT = {
  en: {
    book: "Book a Demo",
    fullName: "Full name",
    email: "Work email",
    phone: "Phone number",
    time: "Preferred time",
    schedule: "Schedule my demo",
    scheduled: "Demo Scheduled Successfully!",
    dubai: "Dubai",
    toronto: "Toronto",
    conflict: "Someone booked this time a moment ago.",
    next: "Next free times",
  },
  ar: {
    book: "احجز عرضًا تجريبيًا",
    fullName: "الاسم الكامل",
    email: "البريد الإلكتروني للعمل",
    phone: "رقم الهاتف",
    time: "الوقت المفضل",
    schedule: "احجز عرضي التجريبي",
    scheduled: "تم حجز العرض التجريبي بنجاح!",
    dubai: "دبي",
    toronto: "تورنتو",
    conflict: "حجز شخص آخر هذا الوقت قبل لحظات.",
    next: "أقرب الأوقات المتاحة",
  },
} as const;

for (const locale of ["ar", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";
  const L = TEXT[locale];
  // Each language uses its own slots of the first bookable day.
  const taken = locale === "ar" ? "12:00" : "14:00";
  const raced = locale === "ar" ? "12:30" : "14:30";

  test.describe(`booking slots (${locale})`, () => {
    test(`a Toronto visitor sees Dubai and Toronto times; a taken slot is not offered (${locale})`, async ({ page }) => {
      const problems = watchConsole(page);
      const day = await firstDay();
      expect((await bookAsSomeoneElse(day, taken)).status).toBe(201);
      const dialog = await openDialogAndPickFirstDay(page, prefix, L.book);
      const select = dialog.getByLabel(L.time);
      await expect(select).toBeVisible();
      const options = await select
        .locator("option")
        .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? "" })).filter((o) => o.value));
      // Earlier tests of this run book slots of the same day: at most 16 are left, never the taken one.
      expect(options.length).toBeGreaterThan(10);
      expect(options.length).toBeLessThanOrEqual(16);
      expect(options.map((o) => o.value)).not.toContain(taken);
      for (const o of options) {
        expect(o.text).toContain(L.dubai);
        expect(o.text).toContain(L.toronto);
      }
      // 9:00 in Dubai is the small hours (or the evening before) in Toronto.
      const nine = options
        .find((o) => o.value === "09:00")!
        .text.replace(/[\u2068\u2069\u202f\s]+/g, " ")
        .trim();
      expect(nine).toMatch(locale === "en" ? /9:00 AM Dubai · .*(12|1):00 AM Toronto/ : /9:00.*دبي · .*(12|1):00.*تورنتو/);
      await expect(dialog.locator('[data-part="helper-text"]').filter({ hasText: L.toronto })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });

    test(`two visitors race for a slot: the loser keeps the details and picks one of the next free times (${locale})`, async ({ page }) => {
      const problems = watchConsole(page);
      const day = await firstDay();
      const dialog = await openDialogAndPickFirstDay(page, prefix, L.book);
      const email = `racer-${locale}-${Date.now()}@e2e.example.com`;
      await dialog.getByLabel(L.fullName).fill("Sophie Martin");
      await dialog.getByLabel(L.email).fill(email);
      // A Toronto number: Canada's code first (the phone is read against it).
      await dialog.locator('select[name="countryCode-option"]').selectOption("CA");
      await dialog.getByLabel(L.phone).fill("416 555 0199");
      await dialog.getByLabel(L.time).selectOption(raced);
      // Someone else books the same slot first.
      expect((await bookAsSomeoneElse(day, raced)).status).toBe(201);
      await dialog.getByRole("button", { name: L.schedule }).click();
      await expect(dialog.getByText(L.conflict)).toBeVisible();
      await expect(dialog.getByLabel(L.fullName)).toHaveValue("Sophie Martin");
      const next = dialog.getByRole("list", { name: L.next }).getByRole("button");
      await expect(next.first()).toBeVisible();
      expect(await next.count()).toBeGreaterThan(0);
      await expect(next.first()).toContainText(L.toronto);
      await expectNoAxeViolations(page);
      expect((await bookingsOf(email)).submissions).toHaveLength(0);
      await next.first().click();
      await expect(dialog.getByText(L.conflict)).toBeHidden();
      await dialog.getByRole("button", { name: L.schedule }).click();
      await expect(page.getByText(L.scheduled)).toBeVisible();
      await expect.poll(async () => (await bookingsOf(email)).bookings.length, { timeout: 15_000 }).toBe(1);
      const mine = (await bookingsOf(email)).bookings[0]!;
      expect(mine.status).toBe("confirmed");
      expect((await bookingsOf(email)).submissions[0]!.payload).toMatchObject({ demoDate: expect.any(String) });
      expect((await bookingsOf(email)).submissions[0]!.payload.demoTime).not.toBe(raced);
      // The browser logs the 409 answer itself as a failed resource; nothing else may be logged.
      expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    });
  });
}

test.describe("admin agenda", () => {
  for (const locale of ["en", "ar"] as const) {
    test(`moves and cancels a demo; the visitor is emailed each time (${locale})`, async ({ page }) => {
      const day = await firstDay();
      const name = `Agenda Visitor ${locale} ${Date.now()}`;
      // Clear of the race tests' slots and the "next free" times they pick (12:00–15:00).
      const at = locale === "en" ? "16:00" : "16:30";
      const { status, email } = await bookAsSomeoneElse(day, at, name);
      expect(status).toBe(201);
      await signIn(page);
      const prefix = locale === "en" ? "/en" : "";
      await page.goto(`${prefix}/admin/agenda`);
      const L =
        locale === "en"
          ? {
              reschedule: `Reschedule the demo with ${name}`,
              move: "Move the demo",
              newTime: "New time",
              moved: /moved\. They have been emailed/,
              cancel: `Cancel the demo with ${name}`,
              confirm: "Cancel the demo",
              cancelled: /cancelled\. They have been emailed/,
            }
          : {
              reschedule: `تغيير الموعد مع ${name}`,
              move: "نقل العرض",
              newTime: "الوقت الجديد",
              moved: /تم نقل العرض/,
              cancel: `إلغاء العرض مع ${name}`,
              confirm: "إلغاء العرض",
              cancelled: /أُلغي العرض/,
            };
      await expect(page.getByText(name)).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: L.reschedule }).click();
      const dialog = page.getByRole("dialog");
      const select = dialog.getByLabel(L.newTime);
      await expect(select).toBeVisible();
      const target = await select.locator("option").evaluateAll((os) =>
        os
          .map((o) => (o as HTMLOptionElement).value)
          .filter(Boolean)
          .at(-1)!,
      );
      await select.selectOption(target);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: L.move }).click();
      await expect(page.getByRole("status").getByText(L.moved)).toBeVisible();
      const moved = await bookingsOf(email);
      expect(new Date(moved.bookings[0]!.starts_at).toISOString()).toBe(target);

      await page.getByRole("button", { name: L.cancel }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByRole("button", { name: L.confirm, exact: true }).click();
      await expect(page.getByRole("status").getByText(L.cancelled)).toBeVisible();
      expect((await bookingsOf(email)).bookings[0]!.status).toBe("cancelled");

      const { data: mail } = await serviceClient()
        .from("mail_outbox")
        .select("data, recipient")
        .eq("recipient", email)
        .eq("kind", "booking_confirmation");
      expect((mail ?? []).map((m) => (m.data as { event?: string }).event ?? "booked").sort()).toEqual([
        "booked",
        "cancelled",
        "rescheduled",
      ]);
    });
  }
});
