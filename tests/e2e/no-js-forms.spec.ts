/**
 * Visitor forms without JavaScript (docs/product.md#submit): in a browser with scripts off, every visitor
 * form in both languages posts to its page, is stored through submit-form, and the page after the
 * redirect shows the form's success; an invalid post comes back with the errors in the page's language
 * and what was typed. No address on the way carries personal data, and every answer is private, no-store.
 */
import { type Page, type Response, expect, test } from "@playwright/test";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { loadMailI18n } from "../../server/mail/i18n";
import { serviceClient } from "./support";

test.use({ javaScriptEnabled: false });

const catalogs = { ar: loadMailI18n("ar"), en: loadMailI18n("en") };
/** A message of the site, as the page's language shows it. */
const tr = (locale: "ar" | "en", message: string) => catalogs[locale]._({ id: generateMessageId(message), message });

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;

async function storedRows(formType: string, email: string) {
  const { data, error } = await serviceClient()
    .from("form_submissions")
    .select("payload,page_path,locale")
    .eq("form_type", formType)
    .eq("payload->>email", email);
  if (error) throw error;
  return data ?? [];
}

/** Every top-level navigation's response (the post, its redirect, the page after it). */
function watchNavigations(page: Page) {
  const seen: Response[] = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) seen.push(response);
  });
  return seen;
}

interface Visitor {
  name: string;
  email: string;
  phone: string;
}

interface Case {
  title: string;
  /** The page without its language prefix. */
  path: (page: Page, prefix: string) => Promise<string>;
  key: "sales_lead" | "demo_booking" | "article_booking" | "newsletter";
  formType: string;
  fill: (form: ReturnType<Page["locator"]>, v: Visitor, slot: number) => Promise<void>;
  thanks: string;
  /** The field the invalid post gets wrong (an email without @), and its message. */
  emailError: string;
}

/** The first article of the page's language. */
const firstArticle = async (page: Page, prefix: string) => {
  await page.goto(`${prefix}/blog`);
  const href = await page.locator(`a[href^="${prefix}/blog/"]`).first().getAttribute("href");
  return href!.slice(prefix.length);
};

/** The no-script day and time selects: a different slot for every booking of the run. */
async function pickSlot(form: ReturnType<Page["locator"]>, slot: number) {
  const day = form.locator('select[name="demoDate"]');
  const value = await day
    .locator("option")
    .nth(1 + slot)
    .getAttribute("value");
  await day.selectOption(value!);
  await form.locator('select[name="demoTime"]').selectOption("10:00");
}

const cases: Case[] = [
  {
    title: "the contact page's sales-lead form",
    path: async () => "/contact",
    key: "sales_lead",
    formType: "sales_lead",
    fill: async (form, v) => {
      await form.locator('[name="fullName"]').fill(v.name);
      await form.locator('[name="email"]').fill(v.email);
      await form.locator('[name="phoneNumber"]').fill(v.phone);
      await form.locator('input[name="callTime"][value="5-9"]').check();
      await form.locator('input[name="isEnterpriseInterested"]').check();
    },
    thanks: "Thank you for your interest!",
    emailError: "Please enter a valid email address",
  },
  {
    title: "the landing page's sales-lead section",
    path: async () => "/",
    key: "sales_lead",
    formType: "sales_lead",
    fill: async (form, v) => {
      await form.locator('[name="fullName"]').fill(v.name);
      await form.locator('[name="email"]').fill(v.email);
      await form.locator('[name="phoneNumber"]').fill(v.phone);
      await form.locator('input[name="callTime"][value="9-5"]').check();
    },
    thanks: "Thank you for your interest!",
    emailError: "Please enter a valid email address",
  },
  {
    title: "the booking page (where Book a Demo leads without script)",
    path: async () => "/book",
    key: "demo_booking",
    formType: "demo_booking",
    fill: async (form, v, slot) => {
      await form.locator('[name="fullName"]').fill(v.name);
      await form.locator('[name="email"]').fill(v.email);
      await form.locator('[name="phone"]').fill(v.phone);
      await pickSlot(form, slot);
    },
    thanks: "Demo Scheduled Successfully!",
    emailError: "Please enter a valid email address",
  },
  {
    title: "the article's booking form",
    path: firstArticle,
    key: "article_booking",
    formType: "demo_booking",
    fill: async (form, v, slot) => {
      await form.locator('[name="fullName"]').fill(v.name);
      await form.locator('[name="email"]').fill(v.email);
      await form.locator('[name="phone"]').fill(v.phone.slice(-10).padStart(10, "5"));
      await form.locator('[name="company"]').fill("Dunes Realty");
      await form.locator('select[name="country"]').selectOption("uae");
      await pickSlot(form, slot);
    },
    thanks: "Demo Scheduled!",
    emailError: "Email must contain @ and no spaces",
  },
  {
    title: "the footer's newsletter form",
    path: async () => "/privacy-policy",
    key: "newsletter",
    formType: "newsletter",
    fill: async (form, v) => {
      await form.locator('[name="email"]').fill(v.email);
    },
    thanks: "Thank you for subscribing!",
    emailError: "Please enter a valid email address",
  },
];

let slot = 0;

for (const locale of ["ar", "en"] as const) {
  const prefix = locale === "en" ? "/en" : "";
  test.describe(`without JavaScript (${locale})`, () => {
    for (const c of cases) {
      test(`${c.title} posts, stores and shows its success`, async ({ page }) => {
        const path = `${prefix}${await c.path(page, prefix)}`.replace(/\/$/, "") || "/";
        const v: Visitor = { name: `Noor ${locale} ${c.key}`, email: unique(`nojs-${c.key}`), phone: "0501234567" };
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        const form = page.locator(`form:has(input[name="_form"][value="${c.key}"])`);
        await expect(form).toHaveAttribute("method", "post");
        await expect(form).toHaveAttribute("action", path);
        await c.fill(form, v, slot++);
        const navigations = watchNavigations(page);
        await form.locator('button[type="submit"]').click();
        await page.waitForURL((url) => url.searchParams.get("sent") === c.key);

        // Post, 303, the page after it: private, and no personal data in any address.
        expect(navigations.map((r) => r.status())).toEqual([303, 200]);
        for (const response of navigations) {
          expect(response.headers()["cache-control"]).toBe("private, no-store");
          const addresses = [response.url(), response.headers()["location"] ?? ""].join(" ");
          for (const secret of [v.email, encodeURIComponent(v.email), v.name, encodeURIComponent(v.name), "501234567"]) {
            expect(addresses).not.toContain(secret);
          }
        }
        expect(new URL(page.url()).pathname).toBe(path);
        expect(new URL(page.url()).search).toBe(`?sent=${c.key}`);

        const thanks = page.locator(`[role="status"]:has-text("${tr(locale, c.thanks)}")`);
        await expect(thanks).toBeVisible();

        await expect.poll(async () => (await storedRows(c.formType, v.email)).length).toBe(1);
        const [row] = await storedRows(c.formType, v.email);
        expect(row).toMatchObject({ page_path: path, locale });
        if (c.key !== "newsletter") expect(row!.payload).toMatchObject({ fullName: v.name });
        if (c.key === "sales_lead" && c.path === cases[0]!.path) {
          expect(row!.payload).toMatchObject({ phone: "+971501234567", preferredCallTime: "5-9", isEnterpriseInterested: true });
        }
      });

      test(`${c.title} comes back with its errors in the page's language and the values kept`, async ({ page }) => {
        const path = `${prefix}${await c.path(page, prefix)}`.replace(/\/$/, "") || "/";
        const v: Visitor = { name: `Noor ${locale} invalid`, email: `not-an-email-${Date.now()}`, phone: "0501234567" };
        await page.goto(path);
        const form = page.locator(`form:has(input[name="_form"][value="${c.key}"])`);
        await c.fill(form, v, slot++);
        const navigations = watchNavigations(page);
        await form.locator('button[type="submit"]').click();
        await expect(form.getByText(tr(locale, c.emailError), { exact: true })).toBeVisible();

        expect(navigations.map((r) => r.status())).toEqual([422]);
        expect(navigations[0]!.headers()["cache-control"]).toBe("private, no-store");
        expect(page.url()).not.toContain("not-an-email");
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(form.locator('[name="email"]')).toHaveValue(v.email);
        if (c.key !== "newsletter") await expect(form.locator('[name="fullName"]')).toHaveValue(v.name);
        // A second post of this page carries the id the server gave it.
        await expect(form.locator('input[name="submissionId"]')).toHaveValue(/^[0-9a-f-]{36}$/);
        expect(await storedRows(c.formType, v.email)).toEqual([]);
      });
    }
  });
}

test("Book a Demo leads to the booking page without JavaScript", async ({ page }) => {
  await page.goto("/en");
  await page.getByRole("button", { name: "Book a Demo", exact: true }).first().click();
  await expect(page).toHaveURL(/\/en\/book$/);
  await expect(page.locator('form:has(input[name="_form"][value="demo_booking"])')).toBeVisible();
});

test("the page POST refuses bad input with a 4xx and stores nothing", async ({ request }) => {
  const email = unique("nojs-bad");
  const fields = { _form: "newsletter", email };
  const wrongType = await request.post("/en/contact", { data: fields, headers: { "content-type": "application/json" } });
  expect(wrongType.status()).toBe(415);
  const tooLarge = await request.post("/en/contact", { form: { ...fields, padding: "x".repeat(40 * 1024) } });
  expect(tooLarge.status()).toBe(413);
  const garbage = await request.post("/en/contact", {
    data: "%%\u0000",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(garbage.status()).toBe(400);
  const unknown = await request.post("/en/contact", { form: { ...fields, _form: "admin" } });
  expect(unknown.status()).toBe(400);
  for (const r of [wrongType, tooLarge, garbage, unknown]) expect(r.headers()["cache-control"]).toBe("private, no-store");
  expect(await storedRows("newsletter", email)).toEqual([]);
});

test("the page after a redirect is never the shared page", async ({ request }) => {
  const sent = await request.get("/en/contact?sent=sales_lead");
  expect(sent.headers()["cache-control"]).toBe("private, no-store");
  const plain = await request.get("/en/contact");
  expect(plain.headers()["cache-control"]).toMatch(/^public/);
  expect(await plain.text()).not.toContain(tr("en", "Thank you for your interest!"));
});
