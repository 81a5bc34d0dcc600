import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn, submitLead as submitOneLead } from "./admin-helpers";
import { E2E_ADMIN } from "./env";
import { anonClient, expectNoAxeViolations, serviceClient, watchConsole } from "./support";

/** The next weekday at least two days ahead (bookable), as YYYY-MM-DD. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A lead from /contact with a company name that needs CSV quoting, interested in Enterprise. */
const submitLead = (name: string, email: string, locale: "ar" | "en") =>
  submitOneLead(name, email, { locale, company: 'Haddad, "Prime" Realty', isEnterpriseInterested: true });

test.describe("leads inbox", () => {
  // Long flows on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test("a visitor's lead shows in the inbox with every field and exports as CSV", async ({ page }) => {
    const problems = watchConsole(page);
    const stamp = Date.now();
    const name = `Layla Haddad ${stamp}`;
    const email = `layla.${stamp}@example.ae`;
    await submitLead(name, email, "ar");
    const demoDate = nextWeekday();
    const booking = await anonClient().functions.invoke("submit-form", {
      body: {
        formType: "demo_booking",
        payload: {
          fullName: `Ethan Clarke ${stamp}`,
          email: `ethan.${stamp}@example.ca`,
          phone: "+14165550100",
          company: "",
          demoDate,
          demoTime: "09:30",
        },
        path: "/en",
        locale: "en",
        timeZone: "America/Toronto",
        submissionId: randomUUID(),
        website: "",
      },
    });
    expect(booking.error).toBeNull();

    await signIn(page);
    // the dashboard's week links to the inbox, filtered
    await expect(page.getByRole("heading", { name: "Leads this week" })).toBeVisible();
    await page.getByRole("link", { name: /^Sales lead\s*[1-9]\d*$/ }).click();
    await expect(page).toHaveURL(/\/en\/admin\/leads\?type=sales_lead&from=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expect(page.getByLabel("Form")).toHaveValue("sales_lead");

    // search by name, then open the lead
    await page.goto("/en/admin/leads");
    await page.getByLabel("Search").fill(String(stamp));
    await expect(page.getByRole("row")).toHaveCount(3); // header + 2
    await page.getByLabel("Search").fill(`layla.${stamp}`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Open lead: ${name}` }).click();
    const detail = page.getByRole("dialog", { name });
    // the phone grouped, the country named in the admin's language
    await expect(detail.getByTestId("lead-phone")).toHaveText("+971 50 123 4567");
    await expect(detail.getByTestId("lead-country")).toHaveText("United Arab Emirates");
    await expect(detail).toContainText("Dubai");
    await expect(detail).toContainText("5 PM – 9 PM");
    await expect(detail).toContainText("Interested in Enterprise");
    // one tap: WhatsApp in the lead's language (Arabic), a call, an email with a translated subject
    const wa = await detail.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
    expect(wa).toMatch(/^https:\/\/wa\.me\/971501234567\?text=/);
    expect(decodeURIComponent(wa!.split("text=")[1]!)).toContain("مرحبًا Layla");
    await expect(detail.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+971501234567");
    const mail = await detail.getByRole("link", { name: "Email", exact: true }).getAttribute("href");
    expect(decodeURIComponent(mail!)).toMatch(new RegExp(`^mailto:${email}\\?subject=استفسارك إلى`));
    await expectNoAxeViolations(page);
    await detail.getByRole("button", { name: "Close" }).first().click();

    // a booking shows in the visitor's zone and in Dubai time: the slot booked is the Dubai clock's
    // 09:30, which is 00:30 (winter) or 01:30 (summer) in Toronto
    await page.getByLabel("Search").fill(`Ethan Clarke ${stamp}`);
    await page.getByRole("button", { name: `Open lead: Ethan Clarke ${stamp}` }).click();
    const bookingDetail = page.getByRole("dialog");
    await expect(bookingDetail).toContainText(/In the visitor's time zone \(America\/Toronto\)[^]*?\b(12|1):30\s?AM/);
    await expect(bookingDetail).toContainText(/In Dubai time[^]*?\b9:30\s?AM/);
    await page.keyboard.press("Escape");
    // Focus goes back to the row's "Open", so the keyboard carries on down the list.
    await expect(page.getByRole("button", { name: `Open lead: Ethan Clarke ${stamp}` })).toBeFocused();

    // filter by form: newsletter has none of ours
    await page.getByLabel("Search").fill(String(stamp));
    await page.getByLabel("Form").selectOption("newsletter");
    await expect(page.getByText("No leads match these filters.")).toBeVisible();
    await page.getByLabel("Form").selectOption("sales_lead");
    await expect(page.getByRole("row")).toHaveCount(2);

    // export the current filter as CSV (formula-safe, quoted)
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-open-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\r\n");
    expect(lines[0]).toContain("Status,Overdue,Owner,Full name,Email,Phone,Company");
    expect(lines).toHaveLength(2);
    // the phone as text a spreadsheet keeps (="+971…"), the country as a name in the admin's language
    expect(lines[1]).toContain(
      `${name},${email},"=""+971501234567""","Haddad, ""Prime"" Realty",United Arab Emirates,Dubai,Sales lead,/contact,1,`,
    );
    // new, not overdue, and already owned (every new lead is assigned at once)
    expect(lines[1]).toMatch(/^New,No,[^,\s]+@[^,\s]+,/);
    // times on the Dubai clock, with the offset
    expect(lines[0]).toContain("Arrived (Dubai time),Last activity (Dubai time),Language");
    // then where they came from: sent by the API without a recorded visit, "Not recorded" and nine empty columns
    expect(lines[1]).toMatch(/,1,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+04:00,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+04:00,ar,Not recorded,{9}$/);

    // the Arabic inbox
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { level: 1, name: "العملاء المحتملون" })).toBeVisible();
    await expectNoAxeViolations(page);

    // a 390 px phone: each lead keeps its name, status and Open button, and nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel("بحث", { exact: true }).fill(`layla.${stamp}`);
    const rows = page.getByTestId("lead-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByText(name)).toBeVisible();
    await expect(rows.first().getByText("جديد", { exact: true })).toBeVisible();
    const open = rows.first().getByRole("button", { name: `فتح العميل المحتمل: ${name}` });
    await expect(open).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const table = await page.getByTestId("leads-table").boundingBox();
    expect(table!.x).toBeGreaterThanOrEqual(0);
    expect(table!.x + table!.width).toBeLessThanOrEqual(390);
    const button = await open.boundingBox();
    expect(button!.x).toBeGreaterThanOrEqual(0);
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  for (const lang of ["en", "ar"] as const) {
    const L =
      lang === "en"
        ? {
            prefix: "/en",
            status: "Status",
            owner: "Owner",
            note: "Add a note",
            add: "Add note",
            contacted: "Contacted",
            won: "Won",
            open: "Open lead",
            timeline: "Timeline",
          }
        : {
            prefix: "",
            status: "الحالة",
            owner: "المسؤول",
            note: "أضف ملاحظة",
            add: "إضافة الملاحظة",
            contacted: "تم التواصل",
            won: "تم الفوز",
            open: "فتح العميل المحتمل",
            timeline: "السجل الزمني",
          };

    test(`(${lang}) a lead goes new → contacted → won with an owner and a note, and the timeline shows each step`, async ({ page }) => {
      const problems = watchConsole(page);
      const stamp = `${Date.now()}${lang}`;
      const name = `Pipeline ${stamp}`;
      await submitLead(name, `pipeline.${stamp}@example.ae`, lang);
      await signIn(page, `${L.prefix}/admin/leads`);
      await page.getByRole("searchbox").fill(stamp);
      await expect(page.getByRole("row")).toHaveCount(2);
      await page.getByRole("button", { name: `${L.open}: ${name}` }).click();
      const dialog = page.getByRole("dialog", { name });
      const timeline = dialog.getByRole("list", { name: L.timeline });
      // (emails sent to the visitor would be steps too; this server sends none)
      await expect(timeline.locator('li[data-event="created"]')).toHaveCount(1);

      // Every new lead gets an owner at once (round robin in its market; the owners while the market
      // has no sales people): here the administrator, shown on the lead and in its timeline.
      await expect(dialog.getByLabel(L.owner)).toHaveValue(/.+/);
      await expect(timeline.locator('li[data-event="assigned"]')).toHaveCount(1);
      await dialog.getByLabel(L.owner).selectOption({ label: E2E_ADMIN.email });
      await dialog.getByLabel(L.status).selectOption("contacted");
      await expect(timeline.locator('li[data-event="status_changed"]')).toHaveCount(1);
      const note = lang === "en" ? "Called her, she wants a demo for the whole team" : "اتصلت بها، تريد عرضًا للفريق كاملًا";
      await dialog.getByLabel(L.note).fill(note);
      await dialog.getByRole("button", { name: L.add }).click();
      await expect(timeline.locator('li[data-event="note_added"]')).toContainText(note);
      await expect(dialog.getByLabel(L.note)).toHaveValue("");
      await dialog.getByLabel(L.status).selectOption("won");
      await expect(timeline.locator('li[data-event="status_changed"]')).toHaveCount(2);

      // newest first: won, note, contacted — each by the signed-in user — then how the lead arrived and
      // got its owner (by the system)
      const kinds = (await timeline.locator("li").evaluateAll((items) => items.map((li) => li.getAttribute("data-event")))).filter(
        (k) => k !== "email_sent",
      );
      expect(kinds.slice(0, 3)).toEqual(["status_changed", "note_added", "status_changed"]);
      expect(
        kinds
          .slice(3)
          .filter((k) => k !== "owner_changed")
          .sort(),
      ).toEqual(["assigned", "created"]);
      const steps = timeline.locator('li:not([data-event="email_sent"])');
      await expect(steps.first()).toContainText(L.won);
      await expect(steps.nth(2)).toContainText(L.contacted);
      for (const i of [0, 1, 2]) await expect(steps.nth(i)).toContainText(E2E_ADMIN.email);
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");

      // the list shows the new state; after a reload the lead opens from the address
      const row = page.getByRole("row").nth(1);
      await expect(row).toContainText(L.won);
      await expect(row).toContainText(E2E_ADMIN.email);
      expect(problems).toEqual([]);
    });
  }

  test("an overdue lead is flagged, filtered and counted on the dashboard", async ({ page }) => {
    const problems = watchConsole(page);
    const stamp = Date.now();
    const { error } = await serviceClient()
      .from("form_submissions")
      .insert([
        {
          submission_id: randomUUID(),
          form_type: "sales_lead",
          locale: "en",
          payload: { fullName: `Late ${stamp}`, email: `late.${stamp}@example.ae` },
          created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
        },
        {
          submission_id: randomUUID(),
          form_type: "sales_lead",
          locale: "en",
          payload: { fullName: `Fresh ${stamp}`, email: `fresh.${stamp}@example.ae` },
          created_at: new Date(Date.now() - 23 * 3600_000).toISOString(),
        },
      ]);
    expect(error).toBeNull();
    await signIn(page);
    const overdueLink = page.getByRole("link", { name: /Overdue: \d+/ });
    await expect(overdueLink).toBeVisible();
    await overdueLink.click();
    await expect(page).toHaveURL(/\/en\/admin\/leads\?overdue=1$/);
    await expect(page.getByRole("checkbox", { name: "Only overdue (new for more than 24 hours)" })).toBeChecked();
    await page.getByLabel("Search").fill(String(stamp));
    await expect(page.getByRole("row")).toHaveCount(2);
    const late = page.getByRole("row").nth(1);
    await expect(late).toContainText(`Late ${stamp}`);
    await expect(late).toHaveAttribute("data-overdue", "true");
    await expect(late).toContainText("Overdue");
    await page.getByText("Only overdue (new for more than 24 hours)").click();
    await expect(page.getByRole("row")).toHaveCount(3);
    await expect(page.locator("tr[data-overdue]")).toHaveCount(1);
    await page.getByRole("button", { name: `Open lead: Late ${stamp}` }).click();
    await expect(page.getByRole("dialog")).toContainText("24 hours have passed");
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });

  test("the country filter finds leads by the country's name in English and Arabic; a local number finds its lead", async ({ page }) => {
    const problems = watchConsole(page);
    const stamp = Date.now();
    const local = `50${String(stamp).slice(-7)}`; // a Saudi mobile number of this run: 5X XXX XXXX
    const send = async (fullName: string, payload: Record<string, unknown>) => {
      const r = await anonClient().functions.invoke("submit-form", {
        body: {
          formType: "sales_lead",
          payload: {
            fullName,
            email: `${fullName.split(" ")[0]!.toLowerCase()}.${stamp}@example.com`,
            company: "",
            preferredCallTime: "9-5",
            ...payload,
          },
          path: "/contact",
          locale: "en",
          timeZone: "Asia/Dubai",
          submissionId: randomUUID(),
          website: "",
        },
      });
      expect(r.error).toBeNull();
    };
    // the Others group: the visitor's country is the "city" field; the row says only "Others"
    await send(`Maple ${stamp}`, {
      countryCode: "+1",
      phoneNumber: "4165550100",
      phone: "+14165550100",
      country: "Others",
      city: "Canada",
    });
    await send(`Dune ${stamp}`, {
      countryCode: "+966",
      phoneNumber: local,
      phone: `+966${local}`,
      country: "Others",
      city: "Saudi Arabia",
    });

    await signIn(page, "/en/admin/leads");
    await page.getByLabel("Search").fill(String(stamp));
    await expect(page.getByTestId("lead-row")).toHaveCount(2);
    for (const [country, who, shown] of [
      ["Canada", "Maple", "Canada"],
      ["Saudi", "Dune", "Saudi Arabia"],
    ] as const) {
      await page.getByLabel("Country").fill(country);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(`${who} ${stamp}`);
      await expect(page.getByTestId("lead-row")).toContainText(shown);
    }

    // the Arabic inbox: the names in Arabic, the phone grouped and left to right
    await page.goto(`/admin/leads?q=${stamp}`);
    for (const [country, who, shown] of [
      ["كندا", "Maple", "كندا"],
      ["السعودية", "Dune", "المملكة العربية السعودية"],
    ] as const) {
      await page.getByLabel("الدولة").fill(country);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(`${who} ${stamp}`);
      await expect(page.getByTestId("lead-row")).toContainText(shown);
    }
    const phone = page.getByTestId("lead-row").locator('bdi[dir="ltr"]').filter({ hasText: "+966" });
    await expect(phone).toHaveText(`+966 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`);
    await expectNoAxeViolations(page);

    // a number in its local form finds the lead stored as +966…; so do the international forms
    await page.getByLabel("الدولة").fill("");
    for (const q of [`0${local}`, `+966 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`, `00966${local}`]) {
      await page.getByRole("searchbox").fill(q);
      await expect(page.getByTestId("lead-row")).toHaveCount(1);
      await expect(page.getByTestId("lead-row")).toContainText(`Dune ${stamp}`);
    }
    expect(problems).toEqual([]);
  });

  test("filters, search, sort and the open lead survive a reload", async ({ page }) => {
    const stamp = Date.now();
    await submitLead(`Reload ${stamp}`, `reload.${stamp}@example.ae`, "en");
    await signIn(page, "/admin/leads");
    await page.getByLabel("الحالة").selectOption("new");
    await page.getByLabel("الترتيب").selectOption("activity");
    await page.getByRole("searchbox").fill(`reload.${stamp}`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("button", { name: `فتح العميل المحتمل: Reload ${stamp}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/leads\\?status=new&q=reload.${stamp}&sort=activity&lead=[0-9a-f-]{36}$`));
    await page.reload();
    await expect(page.getByRole("dialog", { name: `Reload ${stamp}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("الحالة")).toHaveValue("new");
    await expect(page.getByLabel("الترتيب")).toHaveValue("activity");
    await expect(page.getByRole("searchbox")).toHaveValue(`reload.${stamp}`);
    await expect(page.getByRole("row")).toHaveCount(2);
  });
});
