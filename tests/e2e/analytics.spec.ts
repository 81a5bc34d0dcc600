/**
 * First-party analytics (docs/analytics.md), end to end: a scripted run of known visits to the English contact
 * page produces exactly the lead form's funnel on Admin → Analytics; a visitor whose browser blocks cookies and
 * storage is still counted; one with Global Privacy Control is not; no public page sets a cookie; nothing
 * stored names an address or a browser.
 *
 * Playwright's own user agent says "HeadlessChrome", which the beacon endpoint ignores as a robot (so the other
 * tests count nothing); each visitor here is a browser context with an ordinary desktop or phone user agent.
 */
import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient } from "./support";

test.describe.configure({ timeout: 180_000, mode: "serial" });

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const today = () => new Date().toISOString().slice(0, 10);

/** A visitor: a fresh context with an ordinary browser's user agent; every response is checked for cookies. */
async function visitor(browser: Browser, userAgent: string, init?: () => void): Promise<{ context: BrowserContext; cookiesSet: string[] }> {
  const context = await browser.newContext({ userAgent });
  if (init) await context.addInitScript(init);
  const cookiesSet: string[] = [];
  context.on("response", async (r) => {
    const header = await r.headerValue("set-cookie").catch(() => null);
    if (header) cookiesSet.push(`${r.url()}: ${header}`);
  });
  return { context, cookiesSet };
}

/** The lead form's funnel of today as the roll-ups hold it (read with the service key). */
async function funnel(form: string) {
  const { data, error } = await serviceClient()
    .from("analytics_form_daily")
    .select("views,started,submitted,stored,errors")
    .eq("day", today())
    .eq("form", form)
    .eq("dim", "total")
    .maybeSingle();
  if (error) throw error;
  return data ?? { views: 0, started: 0, submitted: 0, stored: 0, errors: 0 };
}

test("a scripted run of visits gives the lead form's exact funnel on Admin → Analytics", async ({ browser, page }) => {
  const before = await funnel("sales_lead");
  expect(before, "no earlier visit to a lead form was counted (other tests browse as HeadlessChrome)").toEqual({
    views: 0,
    started: 0,
    submitted: 0,
    stored: 0,
    errors: 0,
  });

  // 1. A desktop visitor looks at the contact page and leaves.
  const a = await visitor(browser, DESKTOP);
  const pa = await a.context.newPage();
  await pa.goto("/en/contact");
  await expect(pa.locator("main form")).toBeVisible();

  // 2. A phone visitor starts the form, sends it empty (a validation error), fills it in and sends it.
  const b = await visitor(browser, PHONE);
  const pb = await b.context.newPage();
  await pb.goto("/en/contact");
  const form = pb.locator("main form");
  await form.getByLabel("Full name").focus();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await form.getByRole("button", { name: "Request a call back" }).click();
  await expect(form.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Full name").fill("Mariam Al Suwaidi");
  await form.getByLabel("Work email").fill(`analytics-${Date.now()}@example.ae`);
  await form.getByLabel("Phone number").fill("050 234 5678");
  await form.getByLabel("Emirate (optional)").selectOption("Sharjah");
  await form.getByText("After viewings, in the evening").click();
  await form.getByRole("button", { name: "Request a call back" }).click();
  await expect(pb.getByText("Thank you for your interest!")).toBeVisible({ timeout: 30_000 });

  // 3. A browser that blocks cookies (and so the tab's storage): still counted, as a direct visit.
  const c = await visitor(browser, `${DESKTOP} Edg/131.0.0.0`, () => {
    const blocked = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    Object.defineProperty(window, "sessionStorage", { get: blocked });
    Object.defineProperty(window, "localStorage", { get: blocked });
    Object.defineProperty(Document.prototype, "cookie", { get: () => "", set: () => undefined });
  });
  const pc = await c.context.newPage();
  await pc.goto("/en/contact?utm_source=billboard&utm_campaign=sheikh-zayed-road");
  await pc.locator("main form").getByLabel("Full name").focus();

  // 4. A visitor with Global Privacy Control: nothing is sent at all.
  const d = await visitor(browser, PHONE.replace("Pixel 8", "Pixel 9"), () => {
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
  });
  const pd = await d.context.newPage();
  const sent: string[] = [];
  pd.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/event") sent.push(r.url());
  });
  await pd.goto("/en/contact");
  await pd.locator("main form").getByLabel("Full name").focus();

  // Exactly: 3 views (A, B, C), 2 started (B, C), 2 submit attempts and 1 validation error (B), 1 stored (B).
  const expected = { views: 3, started: 2, submitted: 2, stored: 1, errors: 1 };
  await expect.poll(() => funnel("sales_lead"), { timeout: 20_000 }).toEqual(expected);
  // Stays so (nothing late or duplicated).
  await pa.waitForTimeout(2500);
  expect(await funnel("sales_lead")).toEqual(expected);
  expect(sent).toEqual([]);

  // No public page set a cookie, and none was kept.
  for (const v of [a, b, c, d]) {
    expect(v.cookiesSet).toEqual([]);
    expect(await v.context.cookies()).toEqual([]);
    await v.context.close();
  }
  // Nothing stored names an address or a browser; the blocked-storage visit is a direct one.
  const { data: rows, error } = await serviceClient().from("analytics_events").select("*").eq("day", today());
  expect(error).toBeNull();
  const text = JSON.stringify(rows);
  for (const secret of ["127.0.0.1", "Mozilla", "Android", "Chrome"]) expect(text).not.toContain(secret);
  expect(new Set(rows!.map((r) => r.visitor)).size).toBe(3);
  expect(
    rows!
      .filter((r) => r.kind === "view")
      .map((r) => r.device)
      .sort(),
  ).toEqual(["desktop", "desktop", "mobile"]);

  // The owner reads the same numbers on Admin → Analytics (today is in the default period).
  await signIn(page);
  await page.goto("/en/admin/analytics");
  const card = page.getByTestId("funnel-sales_lead");
  await expect(card.getByTestId("step-count")).toHaveText(["3", "2", "2", "1"], { timeout: 20_000 });
  await expect(card.getByTestId("funnel-errors")).toHaveText("Validation errors shown: 1");
  await expect(page.getByTestId("breakdown-device")).toContainText("Computer");
  await expectNoAxeViolations(page);

  // In Arabic, right to left, with Western digits.
  await page.goto("/admin/analytics");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("funnel-sales_lead").getByTestId("step-count")).toHaveText(["3", "2", "2", "1"], { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "الإحصاءات", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
