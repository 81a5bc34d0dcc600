/**
 * The team end to end, in both languages (docs/product.md#admin): an owner invites a member who
 * accepts through the link in the invitation email (read from the mail outbox, exactly as it would be
 * sent) and lands in an admin cut to their role; a forgotten password is reset by email; an editor
 * cannot read leads and a sales member cannot edit posts — in the UI, and directly through supabase-js,
 * where the database refuses.
 */
import { readFileSync } from "node:fs";
import { type Browser, type Page, expect, test } from "@playwright/test";
import gettextParser from "gettext-parser";
import { adminClient, anonClient, expectNoAxeViolations, serviceClient } from "./support";

type Locale = "ar" | "en";
const LOCALES: Locale[] = ["ar", "en"];

const arabic = (() => {
  const po = gettextParser.po.parse(readFileSync("locales/ar/messages.po"));
  const map = new Map<string, string>();
  for (const e of Object.values(po.translations[""] ?? {})) if (e.msgid && e.msgstr?.[0]) map.set(e.msgid, e.msgstr[0]);
  return map;
})();
/** The UI text in the page's language (English source → the Arabic catalog). */
function tr(locale: Locale, english: string): string {
  if (locale === "en") return english;
  const a = arabic.get(english);
  if (!a) throw new Error(`no Arabic for "${english}"`);
  return a;
}
const prefix = (locale: Locale) => (locale === "en" ? "/en" : "");
const exact = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The one-time link in the newest message of this kind to this address, once the worker rendered it. */
async function linkFromOutbox(
  kind: "team_invite" | "password_recovery",
  to: string,
  page: "accept-invite" | "reset-password",
): Promise<string> {
  const svc = serviceClient();
  for (let i = 0; i < 100; i++) {
    const { data } = await svc
      .from("mail_outbox")
      .select("text_body")
      .eq("kind", kind)
      .eq("recipient", to)
      .not("text_body", "is", null)
      .order("created_at", { ascending: false })
      .limit(1);
    const body = data?.[0]?.text_body as string | undefined;
    const m = body ? new RegExp(`https?://\\S+/admin/${page}\\?\\S+`).exec(body) : null;
    if (m) {
      const u = new URL(m[0]);
      return `${u.pathname}${u.search}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} message for ${to}`);
}

/** A member made through the API (invitation + accepting it with supabase-js), for tests about roles. */
async function memberThroughApi(role: "editor" | "sales", password: string): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const owner = await adminClient();
  const r = await owner.functions.invoke("team-invite", { body: { email, role, locale: "en" } });
  expect(r.error).toBeNull();
  const svc = serviceClient();
  const { data } = await svc.from("mail_outbox").select("data").eq("kind", "team_invite").eq("recipient", email).single();
  const c = anonClient();
  expect((await c.auth.verifyOtp({ token_hash: (data!.data as { token: string }).token, type: "invite" })).error).toBeNull();
  expect((await c.auth.updateUser({ password })).error).toBeNull();
  return email;
}

async function signInAs(page: Page, locale: Locale, email: string, password: string) {
  await page.goto(`${prefix(locale)}/admin/login`);
  await page.getByLabel(tr(locale, "Email")).fill(email);
  await page.getByLabel(tr(locale, "Password")).fill(password);
  await page.getByRole("button", { name: tr(locale, "Sign In") }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/admin$`));
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

// Several pages and a cold production server on a shared machine: more time than the default minute.
test.describe.configure({ timeout: 180_000 });

for (const locale of LOCALES) {
  test(`[${locale}] an owner invites a sales member, who accepts by email and gets the sales admin`, async ({ page, browser }) => {
    const email = `invitee-${locale}-${Date.now()}@e2e.test`;
    await signInAs(page, locale, "admin@e2e.test", "E2e-admin-password-2026!");
    await page
      .getByRole("navigation", { name: tr(locale, "Administration") })
      .getByRole("link", { name: tr(locale, "Team"), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/admin/team$`));
    await expect(page.getByRole("heading", { name: tr(locale, "Team"), level: 1, exact: true })).toBeVisible();
    await page.getByRole("button", { name: exact(tr(locale, "Invite")) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(tr(locale, "Email")).fill(email);
    await dialog.getByLabel(tr(locale, "Role")).selectOption("sales");
    await dialog.getByLabel(tr(locale, "Language of the invitation")).selectOption(locale);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: tr(locale, "Send the invitation") }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("team-member").filter({ hasText: email });
    await expect(row).toContainText(tr(locale, "Invited"));

    // The invitation, in the invitee's language, links to the page in that language.
    const link = await linkFromOutbox("team_invite", email, "accept-invite");
    expect(link.startsWith(`${prefix(locale)}/admin/accept-invite?`)).toBe(true);

    const invitee = await freshPage(browser);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: tr(locale, "Accept your invitation") })).toBeVisible();
    await invitee.locator('input[name="password"]').fill("short");
    await invitee.locator('input[name="confirm"]').fill("short");
    await invitee.getByRole("button", { name: tr(locale, "Accept and sign in") }).click();
    await expect(
      invitee.getByText(
        tr(locale, "The password must be at least {MIN_PASSWORD_LENGTH} characters long.").replace("{MIN_PASSWORD_LENGTH}", "12"),
      ),
    ).toBeVisible();
    // A common password passes the length check and is refused by the server's policy.
    await invitee.locator('input[name="password"]').fill("password123456");
    await invitee.locator('input[name="confirm"]').fill("password123456");
    await invitee.getByRole("button", { name: tr(locale, "Accept and sign in") }).click();
    await expect(
      invitee.getByText(tr(locale, "This password is too common or too easy to guess. Choose a longer, less predictable one.")),
    ).toBeVisible();
    await invitee.locator('input[name="password"]').fill("amber lanterns over the creek");
    await invitee.locator('input[name="confirm"]').fill("amber lanterns over the creek");
    await invitee.getByRole("button", { name: tr(locale, "Accept and sign in") }).click();
    await expect(invitee).toHaveURL(new RegExp(`${prefix(locale)}/admin$`));
    const nav = invitee.getByRole("navigation", { name: tr(locale, "Administration") });
    await expect(nav.getByRole("link", { name: tr(locale, "Leads") })).toBeVisible();
    await expect(nav.getByRole("link", { name: tr(locale, "Posts") })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: tr(locale, "Team") })).toHaveCount(0);

    // The owner now sees the member as active.
    await page.reload();
    await expect(page.getByTestId("team-member").filter({ hasText: email })).toContainText(tr(locale, "Active"));
    // The link worked once.
    const again = await freshPage(browser);
    await again.goto(link);
    await again.locator('input[name="password"]').fill("another fine sentence here");
    await again.locator('input[name="confirm"]').fill("another fine sentence here");
    await again.getByRole("button", { name: tr(locale, "Accept and sign in") }).click();
    await expect(again.getByText(tr(locale, "This link is invalid, was already used, or has expired."))).toBeVisible();
  });

  test(`[${locale}] a forgotten password is reset by email`, async ({ page }) => {
    const old = "first password for reset";
    const email = await memberThroughApi("editor", old);
    await page.goto(`${prefix(locale)}/admin/login`);
    await page.getByRole("link", { name: tr(locale, "Forgot your password?") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/admin/forgot-password$`));
    await page.getByLabel(tr(locale, "Email")).fill(email);
    await page.getByRole("button", { name: tr(locale, "Send the reset link") }).click();
    await expect(page.getByText(tr(locale, "Check your email"))).toBeVisible();
    await expectNoAxeViolations(page);

    const link = await linkFromOutbox("password_recovery", email, "reset-password");
    expect(link.startsWith(`${prefix(locale)}/admin/reset-password?`)).toBe(true);
    await page.goto(link);
    const fresh = "a brand new sentence to sign in";
    await page.locator('input[name="password"]').fill(fresh);
    await page.locator('input[name="confirm"]').fill(fresh);
    await page.getByRole("button", { name: tr(locale, "Save the password and sign in") }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/admin$`));

    const c = anonClient();
    expect((await c.auth.signInWithPassword({ email, password: old })).error?.code).toBe("invalid_credentials");
    expect((await c.auth.signInWithPassword({ email, password: fresh })).error).toBeNull();
  });
}

test("[ar] an editor cannot read leads: no link, a no-access page, and the database returns nothing", async ({ page }) => {
  const password = "editor sentence password";
  const email = await memberThroughApi("editor", password);
  // There is at least one lead to hide.
  const svc = serviceClient();
  await svc.from("form_submissions").insert({
    submission_id: crypto.randomUUID(),
    form_type: "sales_lead",
    payload: { email: "hidden-lead@e2e.test", fullName: "Hidden Lead" },
  });
  expect(((await svc.from("form_submissions").select("id", { count: "exact", head: true })).count ?? 0) > 0).toBe(true);

  await signInAs(page, "ar", email, password);
  const nav = page.getByRole("navigation", { name: tr("ar", "Administration") });
  await expect(nav.getByRole("link", { name: tr("ar", "Posts") })).toBeVisible();
  await expect(nav.getByRole("link", { name: tr("ar", "Leads") })).toHaveCount(0);
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: tr("ar", "You do not have access to this page") })).toBeVisible();
  await expect(page.getByText("hidden-lead@e2e.test")).toHaveCount(0);
  await expectNoAxeViolations(page);

  const c = anonClient();
  await c.auth.signInWithPassword({ email, password });
  const leads = await c.from("form_submissions").select("id, payload");
  expect(leads.error).toBeNull();
  expect(leads.data).toEqual([]);
  const erase = await c.rpc("erase_personal_data", { p_email: "hidden-lead@e2e.test" });
  expect(erase.error?.code).toBe("42501");
});

test("[en] a sales member cannot edit posts: no link, a no-access page, and the database changes nothing", async ({ page }) => {
  const password = "sales sentence password";
  const email = await memberThroughApi("sales", password);
  await signInAs(page, "en", email, password);
  const nav = page.getByRole("navigation", { name: "Administration" });
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Posts" })).toHaveCount(0);
  // Their home is their own work: their leads and the day's demos, no links to the posts screens.
  await expect(page.getByRole("heading", { level: 2, name: "My leads" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Leads this week" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage Posts" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Overdue/ }).first()).toBeVisible();
  await page.goto("/en/admin/posts/new");
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  await expect(page.getByText(/Your role \(Sales\) does not include this section/)).toBeVisible();

  const c = anonClient();
  await c.auth.signInWithPassword({ email, password });
  const svc = serviceClient();
  const post = (await svc.from("blog_posts").select("id, title").eq("published", true).limit(1).single()).data!;
  const u = await c.from("blog_posts").update({ title: "Changed by sales" }).eq("id", post.id).select();
  expect(u.error).toBeNull();
  expect(u.data).toEqual([]);
  expect((await svc.from("blog_posts").select("title").eq("id", post.id).single()).data!.title).toBe(post.title);
  const ins = await c.from("blog_posts").insert({
    slug: `sales-${Date.now()}`,
    title: "x",
    excerpt: "x",
    content: "<p>x</p>",
    category: "Technology",
    country: "Global",
    read_time: "1 min read",
  });
  expect(ins.error?.code).toBe("42501");
  const up = await c.storage
    .from("blog-images")
    .upload(`sales-${Date.now()}.png`, Buffer.from("89504e470d0a1a0a", "hex"), { contentType: "image/png" });
  expect(up.error).not.toBeNull();
});
