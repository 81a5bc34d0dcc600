/**
 * The interactive demo (/demo, /en/demo): both branches walked through to success and back to the hero,
 * in both languages, on the production build. The page's clock is under the test's control, so the
 * real timings (1 s, 3 s, 11 s, 1.5 s; +2 % every 100 ms, 500 ms) are checked without waiting for them.
 */
import { type Page, expect, test } from "@playwright/test";
import { anonClient, expectNoAxeViolations, serviceClient, silentWav, startDemo, watchConsole } from "./support";
import { DEMO_LABELS } from "./demo-labels";

const T = {
  en: {
    ...DEMO_LABELS.en,
    path: "/en/demo",
    policy: "Demo call recordings: 30 days after you upload them; then they are deleted automatically.",
    kept: "only our owners and sales team can listen to it, it is used only to produce this demo's follow-up, and it is deleted automatically after 30 days.",
    keypad: "Keypad",
    call: "Call",
    endCall: "End call",
    del: "Delete",
    calling: "Calling",
    submit: "Submit WhatsApp Message",
    saved: "Changes saved",
    selected: "Selected for editing",
    jvc: "Circle Park Apartments",
    phrase3: "Reply with the number of the one you like and I will arrange everything.",
    firstPhrase: "Looking forward to your thoughts!",
    subject: "Your curated property matches in Dubai",
    emailSent: "Email sent!",
    invalidHint: "Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM)",
    uploaded: "File uploaded successfully",
    another: /Upload another recording/,
  },
  ar: {
    ...DEMO_LABELS.ar,
    path: "/demo",
    policy: "تسجيلات مكالمات العرض: 30 يومًا من رفعها، ثم تُحذف تلقائيًا.",
    kept: "ولا يستمع إليها إلا فريق المبيعات والإدارة لدينا، وتُستخدم فقط لإعداد رسالة المتابعة في هذا العرض، ثم تُحذف تلقائيًا بعد 30 يومًا.",
    keypad: "لوحة الأرقام",
    call: "اتصال",
    endCall: "إنهاء المكالمة",
    del: "حذف",
    calling: "جارٍ الاتصال بالرقم",
    submit: "إرسال رسالة واتساب",
    saved: "تم حفظ التغييرات",
    selected: "محدد للتعديل",
    jvc: "شقق سيركل بارك",
    phrase3: "ردّي برقم العقار الذي أعجبك وسأرتّب كل شيء.",
    firstPhrase: "بانتظار رأيك!",
    subject: "عقارات مختارة تناسبك في دبي",
    emailSent: "تم إرسال البريد الإلكتروني!",
    invalidHint: "يرجى رفع ملف صوتي (MP3 أو WAV أو AAC أو OGG أو M4A أو FLAC أو WebM)",
    uploaded: "تم رفع الملف بنجاح",
    another: /رفع تسجيل آخر/,
  },
} as const;
type Lang = keyof typeof T;

/**
 * axe waits on timers of its own, which a paused clock never fires: let time run while it checks, then
 * pause again. Only used on steps with no timer of the demo running.
 */
async function axe(page: Page) {
  await page.clock.resume();
  await expectNoAxeViolations(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

const h1 = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });
const button = (page: Page, name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" });

/** Opens the demo with a paused clock and waits until the page has hydrated (Start Now responds). */
async function openDemo(page: Page, t: (typeof T)[Lang]) {
  await page.clock.install({ time: new Date("2026-11-23T08:00:00+04:00") });
  await page.goto(t.path);
  await page.clock.pauseAt(new Date("2026-11-23T08:00:05+04:00"));
  await expect(h1(page, t.hero)).toBeVisible();
  await startDemo(page, t);
  await expect(h1(page, t.options)).toBeFocused();
}

/** From the results: edit, submit the message, send the email, and go back to the hero. */
async function finishFromResults(page: Page, t: (typeof T)[Lang]) {
  const message = page.getByTestId("whatsapp-message");
  await expect(message).toContainText("2,450,000");
  await expect(page.getByTestId("cta-line")).toHaveText(t.firstPhrase);
  await expect(button(page, t.sendEmail)).toHaveCount(0);

  // Choose a row from the keyboard: the editing pointer, then the editor opens on that property.
  await page.getByTestId("match-row").nth(1).getByRole("button").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("match-row").nth(1)).toContainText(t.selected);
  await button(page, t.editMatches).click();
  await expect(page.getByTestId("match-select-1")).toBeFocused();
  await expect(page.getByTestId("phrase-select").locator("option")).toHaveCount(10);
  await page.getByTestId("match-select-0").selectOption("jvc");
  await page.getByTestId("phrase-select").selectOption("3");
  await axe(page);
  await button(page, t.saveEdits).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  await expect(h1(page, t.resultsTitle)).toBeVisible();
  await expect(page.getByTestId("match-row").first()).toContainText(t.jvc);
  await expect(page.getByTestId("cta-line")).toHaveText(t.phrase3);

  await button(page, t.submit).click();
  await expect(button(page, t.submit)).toBeDisabled();
  await button(page, t.sendEmail).click();
  await expect(page.getByTestId("email-subject")).toHaveText(t.subject);
  // An empty call link is not sent: the field says why and takes the focus.
  await page.getByLabel(t.callLink).fill("");
  await button(page, t.sendEmail).click();
  await expect(page.getByLabel(t.callLink)).toBeFocused();
  await expect(page.getByLabel(t.callLink)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("email-subject")).toBeVisible();
  await page.getByLabel(t.callLink).fill("https://meet.example.com/e2e-call");
  await expect(page.getByTestId("email-body")).toContainText("https://meet.example.com/e2e-call");
  await expect(page.getByTestId("email-body")).toContainText(t.jvc);
  await axe(page);
  await button(page, t.sendEmail).click();
  await expect(page.getByText(t.emailSent)).toBeVisible();
  await expect(h1(page, t.successTitle)).toBeVisible();
  await axe(page);

  await button(page, t.backToDashboard).click();
  await expect(h1(page, t.hero)).toBeVisible();
  // Everything was reset.
  await button(page, t.start).click();
  await expect(h1(page, t.options)).toBeVisible();
}

for (const lang of ["ar", "en"] as const) {
  const t = T[lang];

  test.describe(`demo (${lang})`, () => {
    test("the hero is in the first HTML, in the right language and direction", async ({ request }) => {
      const res = await request.get(t.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`lang="${lang}"`);
      expect(html).toContain(`dir="${lang === "ar" ? "rtl" : "ltr"}"`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${t.hero}</h1>`));
    });

    test("dialer branch: keypad and keyboard, the timed call, progress, results, edit, email, success, hero", async ({ page }) => {
      const problems = watchConsole(page);
      await openDemo(page, t);
      await axe(page);
      await page.getByRole("button", { name: t.dialer }).click();
      await expect(h1(page, t.dialerTitle)).toBeFocused();

      const display = page.getByTestId("dialer-number");
      const status = page.getByTestId("call-status");
      const call = button(page, t.call);
      await expect(call).toBeDisabled();
      const idleStatus = await status.textContent();

      // Enter with nothing typed, and Delete on an empty number, do nothing.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Backspace");
      await expect(status).toHaveText(idleStatus!);
      await expect(display).toHaveText("");

      // Keyboard: digits, * and #; letters ignored; Backspace and Delete remove the last character.
      await page.keyboard.type("050123456x8");
      await expect(display).toHaveText("0501234568");
      await page.keyboard.press("Backspace");
      await expect(display).toHaveText("050123456");
      // Keypad and the Delete link.
      const keypad = page.getByRole("group", { name: t.keypad });
      await keypad.getByRole("button", { name: "#", exact: true }).click();
      await expect(display).toHaveText("050123456#");
      await button(page, t.del).click();
      await keypad.getByRole("button", { name: "7", exact: true }).click();
      await expect(display).toHaveText("0501234567");
      await expect(call).toBeEnabled();
      await axe(page);

      // Enter calls; dialing now, connecting at 1 s (the sample UAE number), recording at 3 s.
      await page.getByRole("heading", { level: 1 }).focus();
      await page.keyboard.press("Enter");
      await expect(status).toContainText(t.calling);
      await expect(display).toHaveText("0501234567");
      await page.clock.runFor(999);
      await expect(status).toContainText(t.calling);
      await page.clock.runFor(1);
      await expect(display).toHaveText("+971 50 000 0000");
      await page.clock.runFor(2000);
      const timer = page.getByTestId("call-timer");
      await expect(timer).toContainText("REC");
      await expect(timer).toContainText("00:00");
      await page.clock.runFor(7000);
      await expect(timer).toContainText("00:07");

      // The end button: 1.5 s later the analysis starts.
      await button(page, t.endCall).click();
      await expect(timer).toHaveCount(0);
      await page.clock.runFor(1500);
      await expect(h1(page, t.progressTitle)).toBeVisible();
      const bar = page.getByRole("progressbar");
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
      await page.clock.runFor(2500);
      await expect(bar).toHaveAttribute("aria-valuenow", "50");
      await page.clock.runFor(2500);
      await expect(bar).toHaveAttribute("aria-valuenow", "100");
      await page.clock.runFor(499);
      await expect(h1(page, t.progressTitle)).toBeVisible();
      await page.clock.runFor(1);
      await expect(h1(page, t.resultsTitle)).toBeVisible();
      await axe(page);

      await finishFromResults(page, t);
      expect(problems).toEqual([]);
    });

    test("dialer branch: a call left to run ends by itself at 11 s", async ({ page }) => {
      await openDemo(page, t);
      await page.getByRole("button", { name: t.dialer }).click();
      await page.keyboard.type("0500000000");
      await button(page, t.call).click();
      await page.clock.runFor(10_999);
      await expect(page.getByTestId("call-timer")).toBeVisible();
      await page.clock.runFor(1);
      await expect(page.getByTestId("call-timer")).toHaveCount(0);
      await page.clock.runFor(1500);
      await expect(h1(page, t.progressTitle)).toBeVisible();
    });

    test("the privacy policy says recordings are collected and how long they are kept", async ({ page }) => {
      await page.goto(t.path.replace(/demo$/, "privacy-policy"));
      await expect(page.getByText(t.policy, { exact: true })).toBeVisible();
    });

    test("upload branch: only audio, stored by the local endpoint, then results, back to upload, success, hero", async ({ page }) => {
      const problems = watchConsole(page);
      await openDemo(page, t);
      await page.getByRole("button", { name: t.upload }).click();
      await expect(h1(page, t.uploadTitle)).toBeFocused();
      // Where the file goes and how long it is kept is said before it is chosen.
      await expect(page.getByText(t.kept)).toBeVisible();
      const next = page.getByRole("button", { name: t.next });
      await expect(next).toBeDisabled();

      const input = page.getByTestId("audio-input");
      await input.setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n") });
      await expect(page.getByText(t.invalid, { exact: true })).toBeVisible();
      await expect(page.getByText(t.invalidHint, { exact: true })).toBeVisible();
      // announced: the box is an alert
      await expect(page.getByRole("alert").filter({ hasText: t.invalid })).toBeVisible();
      await expect(next).toBeDisabled();
      await axe(page);

      const name = `viewing-call-${lang}-${Date.now()}.wav`;
      await input.setInputFiles({ name, mimeType: "audio/wav", buffer: silentWav() });
      await expect(page.getByTestId("chosen-file")).toContainText(name);
      await expect(page.getByText(t.invalid, { exact: true })).toHaveCount(0);
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/demo/audio") && r.request().method() === "POST");
      await next.click();

      // Indeterminate while the recording is sent, then the bar runs.
      await expect(h1(page, t.progressTitle)).toBeVisible();
      await expect(page.getByText(t.uploaded)).toBeVisible();
      const bar = page.getByRole("progressbar");
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
      await page.clock.runFor(5500);
      await expect(h1(page, t.resultsTitle)).toBeVisible();

      // The recording is an object of the private bucket (its bytes in the database), named by its real
      // type: the service role reads it back; an anonymous visitor cannot.
      const upload = await answered;
      expect(upload.status()).toBe(201);
      const { file } = (await upload.json()) as { file: string };
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}\/.+\.wav$/);
      const stored = await serviceClient().storage.from("demo-recordings").download(file);
      expect(Buffer.from(await stored.data!.arrayBuffer()).equals(silentWav())).toBe(true);
      expect((await anonClient().storage.from("demo-recordings").download(file)).data).toBeNull();

      // Results → back to upload for another recording.
      await page.getByRole("button", { name: t.another }).click();
      await expect(h1(page, t.uploadTitle)).toBeVisible();
      await expect(next).toBeDisabled();
      await input.setInputFiles({ name: `second-${name}`, mimeType: "audio/wav", buffer: silentWav() });
      await next.click();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
      await page.clock.runFor(5500);
      await expect(h1(page, t.resultsTitle)).toBeVisible();

      await finishFromResults(page, t);
      expect(problems).toEqual([]);
    });
  });
}

test("the landing page does not load the demo's code", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (res) => {
    if (res.url().endsWith(".js")) scripts.push(res.text().catch(() => ""));
  });
  await page.goto("/en");
  await page.waitForLoadState("networkidle");
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.includes("demoFlow") || b.includes("dialerCall"))).toEqual([]);
});
