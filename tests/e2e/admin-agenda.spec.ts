import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { adminClient, expectNoAxeViolations, serviceClient, watchConsole } from "./support";

/** About a year ahead, on a weekday, at 10:00 in Dubai (06:00 UTC). */
function aYearAhead(): Date {
  const d = new Date(Date.now() + 358 * 86_400_000);
  d.setUTCHours(6, 0, 0, 0);
  while (d.getUTCDay() === 0 || d.getUTCDay() >= 5) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

test.describe("agenda and the lead's demo", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the agenda finds a demo a year ahead and opens its lead; the lead shows the moved, then cancelled demo and its timeline", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const stamp = Date.now();
    const name = `Mariam Year ${stamp}`;
    const at = aYearAhead();
    const date = at.toISOString().slice(0, 10);
    const svc = serviceClient();
    const booked = await svc.rpc("book_demo", {
      p_submission_id: randomUUID(),
      p_payload: { fullName: name, email: `mariam.${stamp}@example.ae`, phone: "+971502223344", demoDate: date, demoTime: "10:00" },
      p_page_path: "/en",
      p_locale: "en",
      p_time_zone: "Asia/Dubai",
      p_user_agent: null,
      p_client_ip: null,
      p_starts_at: at.toISOString(),
    });
    expect(booked.error).toBeNull();

    await signIn(page, `/en/admin/agenda?view=day&filter=all&date=${date}`);
    const item = page.getByTestId("agenda-item").filter({ hasText: name });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    // The list of upcoming demos pages through to it as well (it is the last of them, or close).
    await page.getByRole("button", { name: "List" }).click();
    await expect(page).toHaveURL(/view=list&filter=upcoming/);

    // Move it to 12:30 Dubai time, then cancel it (as the owner, through the API the agenda uses).
    const owner = await adminClient();
    const { data: rows } = await owner.rpc("booking_agenda_page", { p_from: at.toISOString(), p_limit: 20 });
    const booking = (rows as Array<{ id: string; lead_id: string; full_name: string }>).find((r) => r.full_name === name)!;
    const moved = new Date(at.getTime() + 150 * 60_000);
    expect((await owner.rpc("reschedule_booking", { p_id: booking.id, p_starts_at: moved.toISOString() })).error).toBeNull();
    expect((await owner.rpc("cancel_booking", { p_id: booking.id, p_reason: "Client travelling" })).error).toBeNull();

    // The agenda's name opens the lead.
    await page.goto(`/en/admin/agenda?view=day&filter=all&date=${date}`);
    await page.getByTestId("agenda-item").filter({ hasText: name }).getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/en/admin/leads\\?.*lead=${booking.lead_id}`));
    const dialog = page.getByRole("dialog");
    const demo = dialog.getByTestId("lead-booking");
    await expect(demo).toBeVisible({ timeout: 15_000 });
    await expect(demo.getByText("Cancelled")).toBeVisible();
    await expect(demo.getByTestId("lead-booking-time")).toContainText(/\d/);
    await expect(demo.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
    // The timeline: booked, moved (from → to) and cancelled, by whom.
    const timeline = dialog.getByRole("list", { name: "Timeline" });
    await expect(timeline.locator('[data-event="booking_created"]')).toHaveCount(1);
    await expect(timeline.locator('[data-event="booking_moved"]')).toContainText("Demo moved from");
    await expect(timeline.locator('[data-event="booking_cancelled"]')).toContainText("Client travelling");
    await expect(timeline.locator('[data-event="booking_cancelled"]')).toContainText("by");
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});
