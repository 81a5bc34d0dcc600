/**
 * The browser outbox: a submission made while the server is unreachable is not lost. The visitor is
 * told it is safe, it survives a reload, and it arrives exactly once when the server is back.
 */
import { expect, test } from "@playwright/test";
import { serviceClient } from "./support";

const FN = "**/functions/v1/submit-form";

async function rowsFor(email: string) {
  const { data, error } = await serviceClient()
    .from("form_submissions")
    .select("id,submission_id,payload")
    .eq("form_type", "newsletter")
    .eq("payload->>email", email);
  if (error) throw error;
  return data ?? [];
}

test("a newsletter sign-up made while the server is away arrives once it returns", async ({ page }) => {
  const email = `outbox-${Date.now()}@e2e.example.com`;
  await page.goto("/en/contact");
  // The server goes away: first a 503, then nothing answers at all.
  let attempts = 0;
  await page.route(FN, async (route) => {
    attempts++;
    if (attempts === 1) await route.fulfill({ status: 503, body: '{"error":"unavailable"}', contentType: "application/json" });
    else await route.abort("connectionrefused");
  });
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox").focus();
  await expect(footer.locator("form")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await footer.getByRole("textbox").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  // The visitor is thanked (their address is safe) and told it is waiting to be sent.
  await expect(footer.getByText("Thank you for subscribing!")).toBeVisible();
  await expect(page.getByText("Your details are saved on this device and will be sent as soon as the connection returns.")).toBeVisible();
  expect(await rowsFor(email)).toHaveLength(0);
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem("wasla.outbox.v1") ?? "[]"));
  expect(queued).toHaveLength(1);
  const submissionId = queued[0].envelope.submissionId as string;

  // Still away after a reload: the submission is still waiting, and retried.
  await page.reload();
  await expect(page.getByText("Your details are saved on this device and will be sent as soon as the connection returns.")).toBeVisible();
  await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  expect(await rowsFor(email)).toHaveLength(0);

  // The server is back: the retry delivers it, once, with the same idempotency key.
  await page.unroute(FN);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(async () => (await rowsFor(email)).length, { timeout: 30_000 }).toBe(1);
  const [row] = await rowsFor(email);
  expect(row!.submission_id).toBe(submissionId);
  await expect(page.getByText("Your details are saved on this device and will be sent as soon as the connection returns.")).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("wasla.outbox.v1"))).toBeNull();
});

test("a sign-up made offline, before the page loaded anything for sending, goes out when the connection returns, without a reload", async ({
  page,
  context,
}) => {
  const email = `offline-${Date.now()}@e2e.example.com`;
  await page.goto("/en/contact");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox").focus();
  await expect(footer.locator("form")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  // The connection drops: nothing the page has not loaded yet can be fetched now.
  await context.setOffline(true);
  await footer.getByRole("textbox").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Your details are saved on this device and will be sent as soon as the connection returns.")).toBeVisible();
  expect(await rowsFor(email)).toHaveLength(0);
  // Back online, same page: the outbox's next attempt delivers it.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(async () => (await rowsFor(email)).length, { timeout: 30_000 }).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem("wasla.outbox.v1"))).toBeNull();
});

test("a server-side rejection shows the field error and keeps what was typed", async ({ page }) => {
  await page.goto("/en/contact");
  await page.route(FN, (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: "invalid_input",
        message: "Invalid submission",
        fields: { "payload.email": "Please enter a valid email address" },
      }),
    }),
  );
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Request a call back" }) });
  await form.getByLabel("Full name").focus();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await form.getByLabel("Full name").fill("Sara Ahmed");
  await form.getByLabel("Work email").fill("sara@example.com");
  await form.getByLabel("Phone number").fill("501234567");
  await form.getByText("During office hours").click();
  await form.getByRole("button", { name: "Request a call back" }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByLabel("Full name")).toHaveValue("Sara Ahmed");
  await expect(page.getByText("Thank you for your interest!")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("wasla.outbox.v1"))).toBeNull();
});

test("after an offline request is delivered, the form's line that said it will be sent says it has been sent", async ({
  page,
  context,
}) => {
  await page.goto("/en/contact");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Request a call back" }) });
  await form.getByLabel("Full name").focus();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await form.getByLabel("Full name").fill("Sara Ahmed");
  await form.getByLabel("Work email").fill(`sent-${Date.now()}@e2e.example.com`);
  await form.getByLabel("Phone number").fill("501234567");
  await form.getByText("During office hours").click();
  await context.setOffline(true);
  await form.getByRole("button", { name: "Request a call back" }).click();
  const thanks = page.getByTestId("lead-success");
  await expect(thanks.getByText("Your details are saved on this device and will be sent as soon as the connection returns.")).toBeVisible();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(thanks.getByText("It has now been sent.")).toBeVisible({ timeout: 30_000 });
  await expect(thanks.getByText("will be sent as soon as the connection returns")).toHaveCount(0);
  await expect(thanks.getByText("Thank you for your interest!")).toBeVisible();
});
