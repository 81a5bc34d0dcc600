/**
 * A newsletter campaign end to end, against its own production server with a real SMTP server (as
 * mail.spec.ts does): the owner writes an Arabic issue in Admin → Newsletter, sends a test, sends it after
 * the dialog that states the recipient count; each confirmed Arabic subscriber receives it once (not the
 * pending, unsubscribed or English ones); one-click unsubscribe (RFC 8058) and the footer link work; the
 * issue's figures match; the web version reads right to left in Arabic.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { rawHeader, startSmtp, type TestSmtp } from "../support/smtp";
import { E2E_ADMIN, E2E_ENV, E2E_PORT } from "./env";
import { expectNoAxeViolations, keyFor } from "./support";
import { SERVER_ARGS } from "../../scripts/lib/server-command.mjs";

const PORT = E2E_PORT + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(`.tmp/e2e-newsletter-${PORT}`);

let server: ChildProcess | null = null;
let smtp: TestSmtp;

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  smtp = await startSmtp();
  server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...E2E_ENV,
      PORT: String(PORT),
      DATA_DIR,
      MAIL_POLL_MS: "200",
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Wasla" <hello@wasla.test>',
      SALES_NOTIFY_EMAIL: "sales@wasla.test",
      NEWSLETTER_RATE_PER_MINUTE: "6000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr?.on("data", (d) => process.env.DEBUG_MAIL_E2E && process.stderr.write(d));
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/robots.txt`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the newsletter e2e server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  const s = server;
  if (s && s.exitCode === null) await new Promise<void>((r) => (s.once("exit", () => r()), s.kill("SIGTERM")));
  await smtp?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("an Arabic issue reaches each confirmed Arabic subscriber once, with one-click unsubscribe, matching figures and an RTL web version", async ({
  page,
}) => {
  const tag = `e2e${Date.now()}`;
  const service = createClient(BASE, keyFor("service_role"), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const now = new Date().toISOString();
  const rows = [
    ...[1, 2, 3].map((i) => ({ email: `${tag}-ar-${i}@example.com`, status: "confirmed", locale: "ar", confirmed_at: now })),
    { email: `${tag}-en-1@example.com`, status: "confirmed", locale: "en", confirmed_at: now },
    { email: `${tag}-ar-pending@example.com`, status: "pending", locale: "ar" },
    { email: `${tag}-ar-left@example.com`, status: "unsubscribed", locale: "ar" },
  ];
  expect((await service.from("newsletter_subscribers").insert(rows)).error).toBeNull();

  await page.goto(`${BASE}/en/admin/login?next=${encodeURIComponent("/en/admin/newsletters")}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/en\/admin\/newsletters$/);
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New issue" }).click();

  const subject = `نشرة ${tag}`;
  await page.getByRole("combobox", { name: "Language" }).selectOption("ar");
  await page.getByLabel(/^Subject/).fill(subject);
  await page.getByLabel("Preheader", { exact: true }).fill("ملخص الشهر");
  await page.getByRole("textbox", { name: "Text" }).fill("## أهلًا\n\nهذا **العدد الأول** من نشرتنا. [المدونة](/blog)");
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "أهلًا" })).toBeVisible();
  await expect(page.getByTestId("newsletter-audience")).toHaveText("3 confirmed subscribers read Arabic.");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Send me a test" }).click();
  const test = await smtp.waitFor((m) => m.to.includes(E2E_ADMIN.email) && (m.parsed.subject ?? "").includes(subject), 30_000);
  expect(test.parsed.subject).toBe(`[تجربة] ${subject}`);

  await page.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("It goes to 3 confirmed subscribers who read Arabic.");
  await dialog.getByRole("button", { name: "Send to subscribers" }).click();
  await expect(page.getByText("Sending has started")).toBeVisible();

  const deadline = Date.now() + 60_000;
  const issueMail = () => smtp.messages.filter((m) => m.parsed.subject === subject);
  while (issueMail().length < 3 && Date.now() < deadline) await page.waitForTimeout(200);
  await page.waitForTimeout(1000); // nothing more comes
  const got = issueMail();
  expect(got.map((m) => m.to[0]).sort()).toEqual([1, 2, 3].map((i) => `${tag}-ar-${i}@example.com`));
  const first = got[0]!;
  expect(first.parsed.html).toContain('dir="rtl"');
  expect(rawHeader(first.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  // One click, as a mail provider does it: a POST to the List-Unsubscribe address.
  const oneClick = /<([^>]+)>/.exec(rawHeader(first.raw, "List-Unsubscribe"))![1]!;
  const res = await page.request.post(oneClick, { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status()).toBe(200);
  // A reader uses the link at the bottom of another copy.
  const second = got[1]!;
  const footerLink = /href="([^"]+\/newsletter\/unsubscribe\?token=[^"]+)"/.exec(second.parsed.html || "")![1]!.replace(/&amp;/g, "&");
  await page.goto(footerLink);
  await page.getByRole("button", { name: "إلغاء الاشتراك" }).click();
  await expect(page.getByText("تم إلغاء اشتراكك")).toBeVisible();

  // The figures: 3 recipients, 3 delivered, 2 unsubscribed after it.
  await page.goto(`${BASE}/en/admin/newsletters`);
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Sent");
  await row.getByRole("button", { name: `Open ${subject}` }).click();
  const figures = page.getByTestId("newsletter-figures");
  await expect(figures).toContainText(/Recipients\s*3/);
  await expect(figures).toContainText(/Delivered\s*3/);
  await expect(figures).toContainText(/Failed\s*0/);
  await expect(figures).toContainText(/Unsubscribed after it\s*2/);

  // The web version, linked at the top of the issue: Arabic, right to left.
  const web = /href="([^"]+\/newsletter\/issues\/[0-9a-f-]+)"/.exec(first.parsed.html || "")![1]!;
  await page.goto(web);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(page.locator("article")).toContainText("العدد الأول");
  await expectNoAxeViolations(page);
  // The English address of an Arabic issue leads to the Arabic one.
  await page.goto(web.replace("/newsletter/", "/en/newsletter/"));
  await expect(page).toHaveURL(web);
});
