import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { anonClient, expectNoAxeViolations, watchConsole } from "./support";

/** The next weekday at least two days ahead (bookable), as YYYY-MM-DD. */
function nextWeekday(): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test.describe("leads inbox", () => {
  test("a visitor's lead shows in the inbox with every field and exports as CSV", async ({ page }) => {
    const problems = watchConsole(page);
    const stamp = Date.now();
    const name = `Layla Haddad ${stamp}`;
    const email = `layla.${stamp}@example.ae`;
    const visitor = anonClient();
    const lead = await visitor.functions.invoke("submit-form", {
      body: {
        formType: "sales_lead",
        payload: {
          fullName: name,
          email,
          countryCode: "+971",
          phoneNumber: "501234567",
          phone: "+971501234567",
          country: "UAE",
          city: "Dubai",
          company: "Haddad, \"Prime\" Realty",
          preferredCallTime: "5-9",
          isEnterpriseInterested: true,
        },
        path: "/contact",
        locale: "ar",
        timeZone: "Asia/Dubai",
        submissionId: randomUUID(),
        website: "",
      },
    });
    expect(lead.error).toBeNull();
    const demoDate = nextWeekday();
    const booking = await visitor.functions.invoke("submit-form", {
      body: {
        formType: "demo_booking",
        payload: { fullName: `Ethan Clarke ${stamp}`, email: `ethan.${stamp}@example.ca`, phone: "+14165550100", company: "", demoDate, demoTime: "09:30" },
        path: "/en",
        locale: "en",
        timeZone: "America/Toronto",
        submissionId: randomUUID(),
        website: "",
      },
    });
    expect(booking.error).toBeNull();

    await signIn(page);
    // the dashboard counts the new leads of the last 7 days and links to the inbox
    await expect(page.getByText("New leads (last 7 days)")).toBeVisible();
    await page.getByRole("link", { name: /View \d+ new leads?/ }).click();
    await expect(page).toHaveURL(/\/en\/admin\/leads$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

    // search by name, then open the detail
    await page.getByLabel("Search").fill(String(stamp));
    await expect(page.getByRole("row")).toHaveCount(3); // header + 2
    await page.getByLabel("Search").fill(`layla.${stamp}`);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `View details: ${name}` }).click();
    const detail = page.getByRole("dialog", { name });
    await expect(detail).toContainText("+971501234567");
    await expect(detail).toContainText("Dubai");
    await expect(detail).toContainText("5 PM – 9 PM");
    await expect(detail).toContainText("Interested in Enterprise");
    await expectNoAxeViolations(page);
    await detail.getByRole("button", { name: "Close" }).first().click();

    // a booking shows in the visitor's zone and in Dubai time
    await page.getByLabel("Search").fill(`Ethan Clarke ${stamp}`);
    await page.getByRole("button", { name: `View details: Ethan Clarke ${stamp}` }).click();
    const bookingDetail = page.getByRole("dialog");
    await expect(bookingDetail).toContainText("In the visitor's time zone (America/Toronto)");
    await expect(bookingDetail).toContainText(/9:30\s?AM/);
    await expect(bookingDetail).toContainText("In Dubai time");
    await expect(bookingDetail).toContainText(/6:30\s?PM/);
    await page.keyboard.press("Escape");

    // filter by type: newsletter has none of ours
    await page.getByLabel("Search").fill(String(stamp));
    await page.getByLabel("Type").selectOption("newsletter");
    await expect(page.getByText("No submissions match these filters.")).toBeVisible();
    await page.getByLabel("Type").selectOption("sales_lead");
    await expect(page.getByRole("row")).toHaveCount(2);

    // export the current filter as CSV
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-sales_lead-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8").slice(1);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toContain("Full name,Email,Phone,Company");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${name},${email},+971501234567,"Haddad, ""Prime"" Realty",UAE,Dubai`);

    // the Arabic inbox
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { level: 1, name: "العملاء المحتملون" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
});
