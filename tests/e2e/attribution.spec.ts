/**
 * Where a lead came from (docs/attribution.md), as a visitor and a marketer see it: a visit that lands on an
 * article from a WhatsApp broadcast, browses two pages and books a demo produces a lead whose channel,
 * source, campaign and landing page show on the lead, in the inbox's filters and in the CSV; a direct visit
 * is "direct"; no cookie is set on the public pages.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, firstDayWithFreeTime, pickCalendarDay, selectFreeTime, serviceClient } from "./support";

test.describe.configure({ timeout: 180_000 });

/** The stored submission of `email`, once it is there. */
async function stored(email: string) {
  let row: { attribution: Record<string, Record<string, unknown>> | null; lead_id: string | null } | null = null;
  await expect
    .poll(
      async () => {
        const { data, error } = await serviceClient()
          .from("form_submissions")
          .select("attribution,lead_id")
          .eq("payload->>email", email)
          .maybeSingle();
        if (error) throw error;
        row = data;
        return Boolean(row);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return row!;
}

test("a WhatsApp campaign visit that books a demo is a WhatsApp lead: on the lead, in the filters, in the CSV", async ({
  page,
  context,
}) => {
  // An English article, reached from a broadcast link (the blog list names its articles).
  await page.goto("/en/blog");
  const href = (await page.locator('main a[href^="/en/blog/"]').first().getAttribute("href"))!;
  await context.clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${href}?utm_source=whatsapp&utm_medium=broadcast&utm_campaign=dubai-q1`);
  // Two more pages inside the site: the contact page through the footer's link, then the home page.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).first().click();
  await expect(page).toHaveURL(/\/en\/contact$/);
  await page.goto("/en");

  // Books a demo from the hero.
  const email = `attr-${Date.now()}@example.ae`;
  await page.getByRole("button", { name: "Book a Demo", exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel("Full name").fill("Hessa Al Marri");
  await dialog.getByLabel("Work email").fill(email);
  await dialog.getByLabel("Phone number").fill("050 765 4321");
  // Two weeks on: the first days' slots are counted by the booking-slots tests.
  await pickCalendarDay(page, dialog, /Open the calendar/, await firstDayWithFreeTime(undefined, { skipDays: 14 }));
  await selectFreeTime(dialog.getByLabel("Preferred time"));
  await dialog.getByRole("button", { name: "Schedule my demo" }).click();
  await expect(page.getByText("Demo Scheduled Successfully!")).toBeVisible();
  expect(await context.cookies()).toEqual([]);

  const row = await stored(email);
  const landing = new URL(href, "http://x").pathname;
  expect(row.attribution!.first).toMatchObject({
    channel: "whatsapp",
    source: "whatsapp",
    medium: "broadcast",
    campaign: "dubai-q1",
    landingPage: landing,
    locale: "en",
  });
  expect(row.attribution!.latest).toEqual(row.attribution!.first);

  // The marketer: the inbox filtered by channel and campaign finds the lead; the lead says where it came from.
  await signIn(page);
  // The search in the address too: typed, it would load the list a second time, after the filters' load,
  // and axe could judge the page in the middle of that load.
  await page.goto(`/en/admin/leads?channel=whatsapp&campaign=DUBAI&q=${encodeURIComponent(email)}`);
  await expect(page.getByLabel("Original channel")).toHaveValue("whatsapp");
  await expect(page.getByLabel("Campaign")).toHaveValue("DUBAI");
  await expect(page.getByLabel("Search")).toHaveValue(email);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Open lead: Hessa Al Marri" }).click();
  const lead = page.getByRole("dialog", { name: "Hessa Al Marri" });
  const source = lead.getByTestId("lead-source");
  await expect(source.getByTestId("lead-channel")).toHaveText("WhatsApp");
  await expect(source.getByTestId("lead-campaign")).toHaveText("dubai-q1");
  await expect(source.getByTestId("lead-landing-page")).toHaveText(decodeURIComponent(landing));
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");

  // Another channel's filter leaves it out.
  await page.getByLabel("Original channel").selectOption("organic_search");
  await expect(page.getByText("No leads match these filters.")).toBeVisible();
  await page.getByLabel("Original channel").selectOption("whatsapp");
  await expect(page.getByRole("row")).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const lines = (await readFile((await download.path())!)).toString("utf8").slice(1).trim().split("\r\n");
  expect(lines[0]).toMatch(
    /,Original channel,Original source,Original medium,Original campaign,Referring site,Landing page,Latest channel,Latest source,Latest medium,Latest campaign$/,
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`,WhatsApp,whatsapp,broadcast,dubai-q1,,${landing},WhatsApp,whatsapp,broadcast,dubai-q1$`));
});

test("a direct visit is direct, and the Arabic lead says so in Arabic", async ({ page, context }) => {
  await page.goto("/privacy-policy");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox").focus();
  await expect(footer.locator("form")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  const email = `direct-${Date.now()}@example.ae`;
  await footer.getByRole("textbox").fill(email);
  await footer.getByRole("button", { name: "اشترك" }).click();
  await expect(footer.getByText("شكرًا لاشتراكك!")).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  const row = await stored(email);
  expect(row.attribution).toMatchObject({
    first: { channel: "direct", landingPage: "/privacy-policy", locale: "ar" },
    latest: { channel: "direct" },
  });
  expect(row.attribution!.first).not.toHaveProperty("referrer");

  await signIn(page, "/admin/leads?kind=all&channel=direct");
  await page.getByLabel("بحث").fill(email);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.]/g, "\\.")) }).click();
  await expect(page.getByRole("dialog").getByTestId("lead-channel")).toHaveText("مباشر");
});
