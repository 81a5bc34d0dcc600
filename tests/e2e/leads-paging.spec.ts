/**
 * More leads (people) than the API's row cap (1,050; it reads at most 1000 rows per request): the inbox shows
 * the true count and pages through them on the server, and the CSV export holds every one.
 */
import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient, watchConsole } from "./support";

const run = Date.now().toString(36);
const N = 1050;
const pad = (i: number) => String(i).padStart(4, "0");

test.beforeAll(async () => {
  const service = serviceClient();
  const base = Date.now() - 3600_000;
  const rows = Array.from({ length: N }, (_, i) => ({
    // Sales leads: newsletter-only people are subscribers, listed apart from the inbox's leads.
    form_type: "sales_lead",
    payload: { email: `bulk${run}.${pad(i)}@example.ae`, fullName: `Bulk ${run} ${pad(i)}` },
    page_path: "/",
    locale: "en",
    time_zone: "Asia/Dubai",
    submission_id: randomUUID(),
    created_at: new Date(base - i * 1000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const { error } = await service.from("form_submissions").insert(rows.slice(i, i + 500));
    if (error) throw error;
  }
});

test.afterAll(async () => {
  await serviceClient().from("form_submissions").delete().like("payload->>email", `bulk${run}.%`);
});

test("the inbox pages through more leads than the row cap, and the CSV export holds them all", async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, "/en/admin/leads");
  await page.getByLabel("Search").fill(`bulk${run}`);
  await expect(page.getByText("1,050 leads")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(51); // header + 50
  const nav = page.getByRole("navigation", { name: "Lead pages" });
  await expect(nav).toContainText("Leads 1–50 of 1,050");
  await expect(page.getByRole("row").nth(1)).toContainText(`Bulk ${run} 0000`);

  await nav.getByRole("link", { name: "Page 21" }).click();
  await expect(nav).toContainText("Leads 1,001–1,050 of 1,050");
  await expect(page.getByRole("row").nth(1)).toContainText(`Bulk ${run} 1000`);
  await expect(page.getByRole("row").last()).toContainText(`Bulk ${run} 1049`);
  await expect(page).toHaveURL(new RegExp(`/en/admin/leads\\?q=bulk${run}&page=21$`));
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const csv = (await readFile((await download.path())!)).toString("utf8").slice(1);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(N + 1);
  const emails = new Set(lines.slice(1).map((l) => /bulk[^,]+@example\.ae/.exec(l)?.[0]));
  expect(emails.size).toBe(N);
  expect(emails.has(`bulk${run}.${pad(N - 1)}@example.ae`)).toBe(true);
  expect(problems).toEqual([]);
});
