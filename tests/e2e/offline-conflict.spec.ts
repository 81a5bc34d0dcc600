/**
 * The offline-conflict run (docs/product.md#submit, "nothing a visitor sent is ever dropped"): a visitor
 * books 20 demo slots while offline (one through the real booking dialog, 19 queued in the page's outbox
 * the way the outbox itself queues them); meanwhile other visitors take the same 20 slots online. Back
 * online, every one of the 20 acknowledged ("will be sent when the connection returns") submissions is
 * stored as a lead with its requested time, 20 slot-lost mails are queued for sales, and the visitor sees
 * the notice with the next free times; choosing one books it.
 */
import { randomUUID } from "node:crypto";
import { type Page, expect, test } from "@playwright/test";
import { anonClient, firstDayWithFreeTime, pickCalendarDay, serviceClient } from "./support";

test.use({ timezoneId: "America/Toronto" });
test.setTimeout(240_000);

const COUNT = 20;

interface Slot {
  date: string;
  time: string;
  start: string;
  free: boolean;
}

async function slotsOf(date: string): Promise<Slot[]> {
  const { data, error } = await anonClient().functions.invoke(`booking-slots?date=${date}`, { method: "GET" });
  if (error) throw error;
  return (data.slots ?? []) as Slot[];
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Free slots from `from` on, at most `count`, skipping `except`. */
async function freeSlots(from: string, count: number, except = new Set<string>()): Promise<Slot[]> {
  const out: Slot[] = [];
  for (let d = 0; out.length < count && d < 120; d++) {
    for (const s of await slotsOf(addDays(from, d))) if (s.free && !except.has(s.start) && out.length < count) out.push(s);
  }
  return out;
}

/** Books a slot as another visitor, online, through submit-form; returns the HTTP status. */
async function bookOnline(slot: Slot): Promise<number> {
  const { error } = await anonClient().functions.invoke("submit-form", {
    body: {
      formType: "demo_booking",
      payload: {
        fullName: "Online Visitor",
        email: `online-${randomUUID()}@e2e.example.com`,
        phone: "+14165550100",
        company: "",
        demoDate: slot.date,
        demoTime: slot.time,
      },
      path: "/en",
      locale: "en",
      timeZone: "America/Toronto",
      submissionId: randomUUID(),
    },
  });
  return error ? ((error as { context?: Response }).context?.status ?? 0) : 201;
}

async function openDialogOnFirstDay(page: Page, day: string) {
  await page.goto("/en");
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Book a Demo", exact: true }).first().click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // The UAE's calendar (the default market, whose free times the API calls below read), whatever the
  // browser's zone would pick.
  const market = dialog.getByRole("radiogroup", { name: "Times for:" });
  await market.getByText("UAE", { exact: true }).click();
  await expect(market.getByRole("radio", { name: "UAE" })).toBeChecked();
  await pickCalendarDay(page, dialog, /Open the calendar/, day);
  return dialog;
}

test("offline-conflict run: 20 bookings made offline whose slots are taken meanwhile are all kept, mailed, and shown", async ({
  page,
  context,
}) => {
  const run = randomUUID().slice(0, 8);
  const emailOf = (i: number) => `offline-${run}-${i}@e2e.example.com`;

  // 1. Through the real booking dialog: details and time chosen online, "Schedule" pressed offline.
  // The first day with a free time (other tests book the near slots; "today" may be full).
  const day = await firstDayWithFreeTime();
  const dialog = await openDialogOnFirstDay(page, day);
  await dialog.getByLabel("Full name").fill("Offline Visitor 0");
  await dialog.getByLabel("Work email").fill(emailOf(0));
  await dialog.getByLabel("Phone number").fill("050 123 4567");
  const select = dialog.getByLabel("Preferred time");
  await expect(select.locator("option:not([value=''])").first()).toBeAttached({ timeout: 15_000 });
  const options = await select.locator("option:not([value=''])").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const uiTime = options[options.length - 1]!;
  await select.selectOption(uiTime);
  const uiSlot = (await slotsOf(day)).find((s) => s.time === uiTime)!;
  expect(uiSlot.free).toBe(true);
  await context.setOffline(true);
  await dialog.getByRole("button", { name: "Schedule my demo" }).click();
  await expect(
    page.getByText("Your booking is saved on this device and will be sent as soon as the connection returns.").first(),
  ).toBeVisible();

  // 2. 19 more, queued in the page's outbox exactly as it stores them (still offline).
  const others = await freeSlots(addDays(day, 7), COUNT - 1, new Set([uiSlot.start]));
  expect(others).toHaveLength(COUNT - 1);
  const envelopes = others.map((s, i) => ({
    formType: "demo_booking",
    payload: {
      fullName: `Offline Visitor ${i + 1}`,
      email: emailOf(i + 1),
      phone: "+14165550199",
      company: "",
      demoDate: s.date,
      demoTime: s.time,
    },
    path: "/en",
    locale: "en",
    timeZone: "America/Toronto",
    submissionId: randomUUID(),
  }));
  await page.evaluate((list) => {
    const now = Date.now();
    const queued = JSON.parse(localStorage.getItem("wasla.outbox.v1") ?? "[]") as unknown[];
    for (const envelope of list) queued.push({ envelope, createdAt: now, attempts: 1, nextAttemptAt: now + 600_000, lastError: "offline" });
    localStorage.setItem("wasla.outbox.v1", JSON.stringify(queued));
  }, envelopes);
  const acknowledged = await page.evaluate(() => (JSON.parse(localStorage.getItem("wasla.outbox.v1") ?? "[]") as unknown[]).length);
  expect(acknowledged).toBe(COUNT);

  // 3. Meanwhile, other visitors take the same 20 slots online.
  const slots = [uiSlot, ...others];
  const online = await Promise.all(slots.map(bookOnline));
  expect(online.filter((s) => s === 201)).toHaveLength(COUNT);

  // 4. Back online: the outbox delivers everything it holds.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(() => page.evaluate(() => localStorage.getItem("wasla.outbox.v1")), { timeout: 60_000 }).toBeNull();

  // 0 acknowledged submissions lost: all 20 stored as leads with their requested time, no booking.
  const db = serviceClient();
  const emails = slots.map((_, i) => emailOf(i));
  const { data: rows, error } = await db.from("form_submissions").select("id, payload, lead_id").in("payload->>email", emails);
  if (error) throw error;
  expect(rows).toHaveLength(COUNT);
  for (const [i, s] of slots.entries()) {
    const row = rows!.find((r) => (r.payload as { email: string }).email === emailOf(i))!;
    expect(row.payload).toMatchObject({ demoDate: s.date, demoTime: s.time, bookingConflict: { reason: "slot_taken" } });
    expect(Date.parse((row.payload as { bookingConflict: { requestedStart: string } }).bookingConflict.requestedStart)).toBe(
      Date.parse(s.start),
    );
    expect(row.lead_id).toBeTruthy();
  }
  const ids = rows!.map((r) => r.id);
  const { data: bookings } = await db.from("bookings").select("id").in("submission_id", ids);
  expect(bookings).toEqual([]);
  const { data: mails } = await db
    .from("mail_outbox")
    .select("kind, submission_id")
    .in("submission_id", ids)
    .eq("kind", "booking_slot_lost");
  expect(mails).toHaveLength(COUNT);
  const { data: events } = await db.from("lead_events").select("id").in("submission_id", ids).eq("kind", "booking_slot_lost");
  expect(events).toHaveLength(COUNT);
  console.info(
    `offline-conflict run: ${acknowledged} acknowledged offline, ${online.length} slots taken online, ${rows!.length} stored as leads, ${mails!.length} slot-lost mails, ${COUNT - rows!.length} lost`,
  );

  // 5. The visitor sees the notice, with the next free times; the form's line no longer says "will be sent".
  const notices = page.getByTestId("outbox-notices");
  await expect(notices.locator('[data-notice="slot_lost"]')).toHaveCount(COUNT);
  await expect(notices.getByText("The time you asked for was taken.").first()).toBeVisible();
  await expect(notices.getByText(/We have your details and our team will be in touch/).first()).toBeVisible();
  const card = notices.locator('[data-notice="slot_lost"]').first();
  const times = card.getByRole("list", { name: "Next free times" }).getByRole("button");
  await expect(times.first()).toBeVisible();
  expect(await times.count()).toBeGreaterThan(0);

  // Choosing one books it, for the same lead.
  await times.first().click();
  await expect(notices.locator('[data-notice="rebooked"]').getByText("Demo Scheduled Successfully!")).toBeVisible({ timeout: 20_000 });
  await expect(notices.locator('[data-notice="slot_lost"]')).toHaveCount(COUNT - 1);
  // Sent at once, or (the notice then says so) kept in the outbox and sent on its next try: stored either way.
  // The first card is whichever conflict the page heard of first (the outbox sends its 20 at once), so the
  // visitor who booked again is the one of the 20 with a second submission.
  type Row = { id: string; payload: unknown; lead_id: string | null };
  let mine: Row[] = [];
  await expect
    .poll(
      async () => {
        const { data } = await db.from("form_submissions").select("id, payload, lead_id").in("payload->>email", emails);
        const byEmail = new Map<string, Row[]>();
        for (const r of data ?? []) {
          const email = (r.payload as { email: string }).email;
          byEmail.set(email, [...(byEmail.get(email) ?? []), r]);
        }
        const twice = [...byEmail.values()].filter((list) => list.length > 1);
        mine = twice[0] ?? [];
        return { submissions: data?.length, visitorsWithTwo: twice.length };
      },
      { timeout: 60_000 },
    )
    .toEqual({ submissions: COUNT + 1, visitorsWithTwo: 1 });
  expect(mine).toHaveLength(2);
  const rebooked = mine.find((r) => !(r.payload as Record<string, unknown>).bookingConflict)!;
  expect(rebooked.lead_id).toBe(mine.find((r) => r !== rebooked)!.lead_id);
  const { data: booked } = await db.from("bookings").select("status").eq("submission_id", rebooked.id);
  expect(booked).toEqual([{ status: "confirmed" }]);

  // The notices follow the visitor to another page, until dismissed.
  await page.goto("/en/contact");
  await expect(page.getByTestId("outbox-notices").locator('[data-notice="slot_lost"]')).toHaveCount(COUNT - 1, { timeout: 20_000 });
  await page.getByTestId("outbox-notices").locator('[data-notice="rebooked"]').getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByTestId("outbox-notices").locator('[data-notice="rebooked"]')).toHaveCount(0);
});
