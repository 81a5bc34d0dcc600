/**
 * Mail end to end, against its own production server (so that the test controls SMTP and can kill
 * it): a lead on a phone-sized screen shows its confirmation where the visitor looks and reaches
 * the sales team and the visitor through a real SMTP server; without SMTP the admin's Mail screen
 * shows the waiting messages; a queued message survives kill -9 and is delivered after restart.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { rawHeader, startSmtp, type TestSmtp } from "../support/smtp";
import { E2E_ADMIN, E2E_ENV, E2E_PORT } from "./env";
import { SERVER_ARGS } from "../../scripts/lib/server-command.mjs";

const PORT = E2E_PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(`.tmp/e2e-mail-${PORT}`);

let server: ChildProcess | null = null;
let smtp: TestSmtp;

async function startSite(env: Record<string, string>) {
  server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...E2E_ENV,
      PORT: String(PORT),
      DATA_DIR,
      MAIL_POLL_MS: "200",
      MAIL_RETRY_BASE_MS: "200",
      SALES_NOTIFY_EMAIL: "sales@wasla.test",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr?.on("data", (d) => process.env.DEBUG_MAIL_E2E && process.stderr.write(d));
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the mail e2e server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const withSmtp = () => ({ SMTP_URL: smtp.url, MAIL_FROM: '"Wasla" <hello@wasla.test>' });

/** Tests after the first reuse its server (started again with SMTP); run alone, they start one. */
async function ensureSite() {
  if (!server) await startSite(withSmtp());
}

async function killSite(signal: NodeJS.Signals = "SIGKILL") {
  const s = server;
  server = null;
  if (!s || s.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    s.once("exit", () => resolve());
    s.kill(signal);
  });
}

// A fresh embedded database takes tens of seconds to create on a busy machine, and one test restarts the server.
test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  smtp = await startSmtp();
});
test.afterAll(async () => {
  await killSite("SIGTERM");
  await smtp?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

async function fillLead(page: Page, form: ReturnType<Page["locator"]>, en: boolean, email: string) {
  await form.getByLabel(en ? "Full name" : "الاسم الكامل").focus();
  await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
  await form.getByLabel(en ? "Full name" : "الاسم الكامل").fill(en ? "Omar Khalil" : "عمر خليل");
  await form.getByLabel(en ? "Work email" : "البريد الإلكتروني للعمل").fill(email);
  await form.getByLabel(en ? "Phone number" : "رقم الهاتف").fill("50 765 4321");
  await form
    .getByText(en ? "During office hours" : "خلال ساعات العمل")
    .first()
    .click();
  await form.getByRole("button", { name: en ? "Request a call back" : "اطلب معاودة الاتصال" }).click();
}

async function expectSeenAndFocused(page: Page, testId: string) {
  const thanks = page.getByTestId(testId);
  await expect(thanks).toBeFocused();
  await expect(thanks).toHaveAttribute("role", "status");
  await expect(thanks).toBeInViewport({ ratio: 0.9 });
  const box = (await thanks.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test.describe("mail", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("without SMTP nothing is lost: the admin's Mail screen shows the waiting messages; kill -9, restart with SMTP, they are delivered", async ({
    page,
  }) => {
    await startSite({});
    const email = `queued-${Date.now()}@example.com`;
    await page.goto(`${BASE}/en/contact`);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Request a call back" }) });
    await fillLead(page, form, true, email);
    await expectSeenAndFocused(page, "lead-success");

    await page.goto(`${BASE}/en/admin/login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/admin$/);
    await page.goto(`${BASE}/en/admin/mail`);
    // On a phone each message is a card (a list item), not a table row.
    const cards = page.getByRole("list", { name: "Messages" });
    const row = cards.getByRole("listitem").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Waiting");
    await expect(cards.getByRole("listitem").filter({ hasText: "New sales lead: Omar Khalil" })).toHaveCount(1);
    await row.getByRole("button", { name: /Open/ }).click();
    await expect(page.getByRole("dialog")).toContainText("Waiting: mail is not configured (SMTP_URL)");
    const frame = page.frameLocator('iframe[title="Message preview"]');
    await expect(frame.locator("body")).toContainText("Thank you for your interest!");

    // The worker is killed with the messages still queued; the next start delivers them.
    await killSite("SIGKILL");
    await startSite(withSmtp());
    const ack = await smtp.waitFor((m) => m.to.includes(email), 20_000);
    expect(ack.parsed.subject).toBe("We received your request – Wasla");
    const sales = await smtp.waitFor((m) => m.to.includes("sales@wasla.test") && (m.parsed.text ?? "").includes(email));
    expect(sales.parsed.subject).toBe("New sales lead: Omar Khalil");
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    // The notification's admin link opens that lead (the administrator is still signed in).
    const adminLink = /(http:\/\/\S+\/en\/admin\/leads\?lead=[\w-]+)/.exec(sales.parsed.text ?? "")![1]!;
    await page.goto(adminLink);
    await expect(page.getByRole("dialog")).toContainText(email);
  });

  test("Arabic landing form on a phone: the thank-you is scrolled into view, focused and announced; sales and visitor are emailed", async ({
    page,
  }) => {
    await ensureSite();
    const email = `landing-ar-${Date.now()}@example.com`;
    await page.goto(`${BASE}/`);
    const form = page.locator("#talk-to-sales form");
    await fillLead(page, form, false, email);
    await expectSeenAndFocused(page, "lead-success");
    const ack = await smtp.waitFor((m) => m.to.includes(email));
    expect(ack.parsed.html).toContain('dir="rtl"');
    expect(ack.parsed.subject).toBe("استلمنا طلبك – وصلة");
    await smtp.waitFor((m) => m.to.includes("sales@wasla.test") && (m.parsed.text ?? "").includes(email));
  });

  test("newsletter on a phone: double opt-in by the emailed link, then the one-click unsubscribe page in English", async ({ page }) => {
    await ensureSite();
    const email = `news-${Date.now()}@example.com`;
    await page.goto(`${BASE}/en/privacy-policy`);
    const footer = page.locator("footer");
    await footer.getByRole("textbox").focus();
    await footer.getByRole("textbox").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expectSeenAndFocused(page, "newsletter-success");
    const m = await smtp.waitFor((x) => x.to.includes(email));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/en\/newsletter\/confirm\?token=[\w.-]+)/.exec(m.parsed.text ?? "")![1]!;
    await page.goto(link);
    await expect(page.getByText("Your subscription is confirmed")).toBeVisible();
    expect(rawHeader(m.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /<([^>]+)>/.exec(rawHeader(m.raw, "List-Unsubscribe"))![1]!;
    await page.goto(unsubscribe);
    await expect(page.getByText("Unsubscribe from the newsletter?")).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You are unsubscribed")).toBeVisible();
  });
});
