/**
 * Newsletter campaigns (docs/newsletter.md) through the real API and a real SMTP server: who may compose
 * and send, bad input, a test to oneself, an issue that reaches each confirmed subscriber of its language
 * once with one-click unsubscribe, the figures, the throttle (transactional mail first), and a restart
 * in the middle of a send that mails nobody twice.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  USER_EMAIL,
  USER_PASSWORD,
  signedIn,
  startServer,
  templateDataDir,
  type TestServer,
} from "../support/api-server.ts";
import { rawHeader, startSmtp, type TestSmtp } from "../support/smtp.ts";
import { ensureUser } from "../../server/api/users.ts";

const EDITOR = { email: "campaign-editor@example.com", password: "campaign editor password 1" };
const SALES = { email: "campaign-sales@example.com", password: "campaign sales password 22" };
const PUBLIC = "https://wasla.test";

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(50);
  }
}

async function addMember(srv: TestServer, who: { email: string; password: string }, role: "owner" | "editor" | "sales") {
  await srv.api.db.transaction(async (tx) => {
    const u = await ensureUser(tx, who.email, who.password, { admin: false });
    await tx.query(
      "insert into public.administrators (user_id, role) values ($1, $2) on conflict (user_id) do update set role = excluded.role",
      [u.id, role],
    );
  });
}

/** Subscribers straight into the table: `n` of each kind, addresses tagged so each test counts its own. */
async function subscribers(srv: TestServer, tag: string, spec: { status: string; locale: string; n: number }[]) {
  for (const { status, locale, n } of spec) {
    await srv.api.db.query(
      `insert into public.newsletter_subscribers (email, status, locale, confirmed_at)
       select $1 || '-' || $2 || '-' || $3 || '-' || g || '@example.com', $2, $3, case when $2 = 'confirmed' then now() end
         from generate_series(1, $4::int) g`,
      [tag, status, locale, n],
    );
  }
}

const issue = (language: "ar" | "en", subject: string) => ({
  language,
  subject,
  preheader: language === "ar" ? "ملخص الشهر" : "This month in short",
  body_html:
    language === "ar"
      ? '<p>مرحبا بكم في <a href="/blog">المدونة</a></p><script>alert(1)</script><img src="x" onerror="alert(2)">'
      : '<p>Welcome to <a href="/en/blog">the blog</a></p><script>alert(1)</script>',
});

describe("newsletter campaigns", () => {
  let srv: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: '"Wasla" <hello@wasla.test>',
        SALES_NOTIFY_EMAIL: "sales@wasla.test",
        PUBLIC_URL: PUBLIC,
        MAIL_POLL_MS: "100",
        MAIL_RETRY_BASE_MS: "100",
        NEWSLETTER_RATE_PER_MINUTE: "60000",
        NEWSLETTER_UNSUBSCRIBE_MAILTO: "unsubscribe@wasla.test",
      },
    });
    await addMember(srv, EDITOR, "editor");
    await addMember(srv, SALES, "sales");
  });
  afterAll(async () => {
    await srv?.close();
    await smtp?.close();
  });

  it("owners and editors compose and send; sales, signed-in strangers and visitors cannot; visitors read only a sent issue's web version", async () => {
    const editor = (await signedIn(srv, EDITOR.email, EDITOR.password)).client;
    const owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    const sales = (await signedIn(srv, SALES.email, SALES.password)).client;
    const user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    const anon = srv.client();

    const made = await editor.from("newsletter_issues").insert(issue("en", "RLS draft")).select("id, status").single();
    expect(made.error).toBeNull();
    expect(made.data!.status).toBe("draft");
    const id = made.data!.id;
    expect(
      (await owner.from("newsletter_issues").update({ subject: "RLS draft, by the owner" }).eq("id", id).select("id")).data,
    ).toHaveLength(1);

    // Sales and strangers: nothing to read, nothing to write, no function.
    for (const c of [sales, user]) {
      expect((await c.from("newsletter_issues").select("id")).data).toEqual([]);
      const ins = await c.from("newsletter_issues").insert(issue("en", "not allowed"));
      expect(ins.status).toBe(403);
      expect((await c.rpc("schedule_newsletter_issue", { p_id: id })).status).toBe(403);
      expect((await c.rpc("send_newsletter_test", { p_id: id })).status).toBe(403);
      expect((await c.rpc("newsletter_audience", { p_language: "en" })).status).toBe(403);
      expect((await c.from("newsletter_deliveries").select("id")).data).toEqual([]);
    }
    expect((await anon.from("newsletter_issues").select("id")).status).toBe(401);
    expect((await anon.rpc("schedule_newsletter_issue", { p_id: id })).status).toBe(401);
    // A draft has no web version; an editor cannot write a sent issue by hand.
    expect((await anon.rpc("newsletter_web_version", { p_id: id })).data).toEqual([]);
    const forged = await editor.from("newsletter_issues").insert({ ...issue("en", "forged"), status: "sent" });
    expect(forged.status).toBe(403);
    // Editors see the figures but not the addresses.
    expect((await editor.rpc("newsletter_issue_figures")).error).toBeNull();
    expect((await editor.from("newsletter_deliveries").select("id")).data).toEqual([]);
  });

  it("answers bad input with a 4xx and stores nothing", async () => {
    const editor = (await signedIn(srv, EDITOR.email, EDITOR.password)).client;
    const before = (await srv.api.db.query<{ n: number }>("select count(*)::int as n from public.newsletter_issues")).rows[0]!.n;
    for (const bad of [
      { ...issue("en", "  "), subject: "  " },
      { ...issue("en", "x"), language: "fr" },
      { ...issue("en", "x"), body_html: "" },
      { ...issue("en", "x".repeat(201)) },
      { ...issue("en", "x"), preheader: "p".repeat(201) },
    ]) {
      const r = await editor.from("newsletter_issues").insert(bad);
      expect(r.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await srv.api.db.query<{ n: number }>("select count(*)::int as n from public.newsletter_issues")).rows[0]!.n).toBe(before);
    const { data } = await editor.from("newsletter_issues").insert(issue("en", "Bad times")).select("id").single();
    const past = await editor.rpc("schedule_newsletter_issue", { p_id: data!.id, p_at: new Date(Date.now() - 3_600_000).toISOString() });
    expect(past.status).toBe(400);
    const far = await editor.rpc("schedule_newsletter_issue", {
      p_id: data!.id,
      p_at: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    });
    expect(far.status).toBe(400);
    expect((await editor.rpc("schedule_newsletter_issue", { p_id: randomUUID() })).status).toBe(400);
    expect((await editor.rpc("newsletter_audience", { p_language: "fr" })).status).toBe(400);
    expect((await editor.from("newsletter_issues").select("status").eq("id", data!.id).single()).data!.status).toBe("draft");
  });

  it("sends a test of the issue to the member who asked, in the issue's language", async () => {
    const editor = (await signedIn(srv, EDITOR.email, EDITOR.password)).client;
    const { data } = await editor.from("newsletter_issues").insert(issue("ar", "عدد تجريبي")).select("id").single();
    const r = await editor.rpc("send_newsletter_test", { p_id: data!.id });
    expect(r.error).toBeNull();
    expect(r.data).toBe(EDITOR.email);
    const m = await smtp.waitFor((x) => x.to.includes(EDITOR.email) && (x.parsed.subject ?? "").includes("عدد تجريبي"));
    expect(m.parsed.subject).not.toBe("عدد تجريبي"); // marked as a test
    expect(m.parsed.html).toContain('dir="rtl"');
    expect(rawHeader(m.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // Sanitised with the site's sanitiser; site links made absolute.
    expect(m.parsed.html).not.toContain("<script");
    expect(m.parsed.html).not.toContain("onerror");
    expect(m.parsed.html).toContain(`href="${PUBLIC}/blog"`);
    expect((await editor.from("newsletter_issues").select("status").eq("id", data!.id).single()).data!.status).toBe("draft");
  });

  it("reaches each confirmed subscriber of its language exactly once, with one-click unsubscribe and a web version; the figures match", async () => {
    const tag = `main${Date.now()}`;
    await subscribers(srv, tag, [
      { status: "confirmed", locale: "ar", n: 30 },
      { status: "confirmed", locale: "en", n: 6 },
      { status: "pending", locale: "ar", n: 4 },
      { status: "unsubscribed", locale: "ar", n: 3 },
    ]);
    const editor = (await signedIn(srv, EDITOR.email, EDITOR.password)).client;
    const { data } = await editor
      .from("newsletter_issues")
      .insert(issue("ar", `نشرة ${tag}`))
      .select("id")
      .single();
    const id = data!.id;
    const audience = (await editor.rpc("newsletter_audience", { p_language: "ar" })).data as number;
    const sched = await editor.rpc("schedule_newsletter_issue", { p_id: id });
    expect(sched.error).toBeNull();
    expect(sched.data).toBe(audience);
    const status = async () => (await editor.from("newsletter_issues").select("status, recipients").eq("id", id).single()).data!;
    await until("the issue to be sent", async () => (await status()).status === "sent");
    const ours = smtp.messages.filter((m) => m.parsed.subject === `نشرة ${tag}`);
    const mine = ours.filter((m) => m.to[0]!.startsWith(tag));
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((m) => m.to[0])).size).toBe(30);
    expect(mine.every((m) => m.to[0]!.includes("-confirmed-ar-"))).toBe(true);
    expect((await status()).recipients).toBe(audience);

    // Queuing again (a second node, a restart) adds nobody.
    await srv.api.db.query("update public.newsletter_issues set status = 'scheduled', scheduled_at = now() where id = $1", [id]);
    await srv.api.db.query("select public.newsletter_queue_due(now())");
    const n = (
      await srv.api.db.query<{ n: number }>("select count(*)::int as n from public.newsletter_deliveries where issue_id = $1", [id])
    ).rows[0]!.n;
    expect(n).toBe(audience);
    await until("the issue to be sent again", async () => (await status()).status === "sent");
    expect(smtp.messages.filter((m) => m.parsed.subject === `نشرة ${tag}`)).toHaveLength(ours.length);

    const first = mine[0]!;
    expect(first.parsed.html).toContain('dir="rtl"');
    expect(first.parsed.html).toContain(`${PUBLIC}/newsletter/issues/${id}`);
    expect(rawHeader(first.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const list = rawHeader(first.raw, "List-Unsubscribe");
    expect(list).toMatch(/^<https:\/\/wasla\.test\/newsletter\/unsubscribe\?token=[\w.-]+>, <mailto:unsubscribe@wasla\.test\?subject=/);
    expect(first.parsed.text).toContain("https://wasla.test/newsletter/unsubscribe?token=");

    // One click (RFC 8058), as a mail provider would do it.
    const link = /<(https:[^>]+)>/.exec(list)![1]!;
    const click = await fetch(link.replace(PUBLIC, srv.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(click.status).toBe(200);
    const left = await srv.api.db.query<{ status: string }>("select status from public.newsletter_subscribers where lower(email) = $1", [
      first.to[0],
    ]);
    expect(left.rows[0]!.status).toBe("unsubscribed");

    const figures = ((await editor.rpc("newsletter_issue_figures")).data as { issue_id: string }[]).find((f) => f.issue_id === id);
    expect(figures).toEqual({ issue_id: id, recipients: audience, sent: audience, failed: 0, waiting: 0, unsubscribed: 1 });

    // Erasing a recipient (a PDPL / GDPR request) erases their delivery too.
    const owner = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
    expect((await owner.rpc("erase_personal_data", { p_email: mine[1]!.to[0]! })).error).toBeNull();
    const remaining = await srv.api.db.query<{ n: number }>(
      "select count(*)::int as n from public.newsletter_deliveries where issue_id = $1",
      [id],
    );
    expect(remaining.rows[0]!.n).toBe(audience - 1);

    const web = await srv.client().rpc("newsletter_web_version", { p_id: id });
    expect(web.data).toMatchObject([{ id, language: "ar", subject: `نشرة ${tag}` }]);
    // A sent issue is no longer a draft: it cannot be sent again or edited.
    expect((await editor.rpc("schedule_newsletter_issue", { p_id: id })).status).toBe(400);
    expect((await editor.from("newsletter_issues").update({ subject: "changed" }).eq("id", id).select("id")).data).toEqual([]);
  });
});

describe("newsletter throttle and restarts", () => {
  let smtp: TestSmtp;
  const dirs: string[] = [];
  afterAll(async () => {
    await smtp?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => ({
    MAIL_FROM: '"Wasla" <hello@wasla.test>',
    SALES_NOTIFY_EMAIL: "sales@wasla.test",
    PUBLIC_URL: PUBLIC,
    MAIL_POLL_MS: "100",
    ...extra,
  });

  async function draft(srv: TestServer, language: "ar" | "en", subject: string) {
    const r = await srv.api.db.query<{ id: string }>(
      "insert into public.newsletter_issues (language, subject, body_html) values ($1, $2, '<p>Body</p>') returning id",
      [language, subject],
    );
    return r.rows[0]!.id;
  }

  it("hands over no more than the configured rate, and a lead's mail is not stuck behind the newsletter", async () => {
    smtp = await startSmtp();
    // 12 a minute: 6 per 30-second window (server/mail/config.ts, newsletterWindow).
    const srv = await startServer({ env: env({ SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: "12" }) });
    try {
      const tag = `thr${Date.now()}`;
      await subscribers(srv, tag, [{ status: "confirmed", locale: "en", n: 25 }]);
      const id = await draft(srv, "en", `Throttled ${tag}`);
      await srv.api.db.query("update public.newsletter_issues set status = 'scheduled', scheduled_at = now() where id = $1", [id]);
      await until("the first window", async () => smtp.messages.filter((m) => m.parsed.subject === `Throttled ${tag}`).length >= 6);
      // The window's budget is spent: a lead sent now is answered while the newsletter waits.
      const email = `lead-${tag}@example.com`;
      const res = await fetch(`${srv.url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          formType: "newsletter",
          payload: { email, consent: { version: "2026-11-23" } },
          path: "/en",
          locale: "en",
          submissionId: randomUUID(),
        }),
      });
      expect(res.status).toBe(201);
      await smtp.waitFor((m) => m.to.includes(email), 5_000);
      await wait(1500);
      expect(smtp.messages.filter((m) => m.parsed.subject === `Throttled ${tag}`)).toHaveLength(6);
      const waiting = await srv.api.db.query<{ n: number }>(
        "select count(*)::int as n from public.newsletter_deliveries where issue_id = $1 and status = 'pending'",
        [id],
      );
      expect(waiting.rows[0]!.n).toBe(19);
    } finally {
      await srv.close();
    }
  });

  it("after a crash mid-send: claimed deliveries are sent once, the ones being handed to SMTP are never sent again", async () => {
    smtp ??= await startSmtp();
    const dir = mkdtempSync(join(tmpdir(), "newsletter-crash-"));
    dirs.push(dir);
    cpSync(await templateDataDir(), dir, { recursive: true });
    // The first life: no SMTP, so the issue is queued and nothing leaves.
    const first = await startServer({ dataDir: dir, env: env() });
    const tag = `crash${Date.now()}`;
    let id = "";
    try {
      await subscribers(first, tag, [{ status: "confirmed", locale: "ar", n: 20 }]);
      id = await draft(first, "ar", `Crash ${tag}`);
      await first.api.db.query("update public.newsletter_issues set status = 'scheduled', scheduled_at = now() where id = $1", [id]);
      await until("the deliveries to be queued", async () => {
        const r = await first.api.db.query<{ n: number }>(
          "select count(*)::int as n from public.newsletter_deliveries where issue_id = $1",
          [id],
        );
        return r.rows[0]!.n === 20;
      });
      // What a worker killed mid-batch leaves behind: 3 handed to SMTP (maybe accepted), 5 claimed only,
      // 2 already sent; leases over.
      const ids = (
        await first.api.db.query<{ id: string }>("select id::text from public.newsletter_deliveries where issue_id = $1 order by id", [id])
      ).rows.map((r) => r.id);
      const set = (rows: string[], sql: string) =>
        first.api.db.query(`update public.newsletter_deliveries set ${sql} where id = any($1::bigint[])`, [rows]);
      await set(
        ids.slice(0, 3),
        "status = 'sending', attempts = 1, claimed_at = now() - interval '1 hour', locked_until = now() - interval '1 second'",
      );
      await set(
        ids.slice(3, 8),
        "status = 'claimed', attempts = 1, claimed_at = now() - interval '1 hour', locked_until = now() - interval '1 second'",
      );
      await set(ids.slice(8, 10), "status = 'sent', attempts = 1, claimed_at = now() - interval '1 hour', sent_at = now()");
    } finally {
      await first.close();
    }
    // The restart, with SMTP.
    const second = await startServer({ dataDir: dir, env: env({ SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: "60000" }) });
    try {
      const status = async () =>
        (await second.api.db.query<{ status: string }>("select status from public.newsletter_issues where id = $1", [id])).rows[0]!.status;
      await until("the issue to be sent", async () => (await status()) === "sent");
      const got = smtp.messages.filter((m) => m.parsed.subject === `Crash ${tag}`).map((m) => m.to[0]!);
      // 20 queued − 2 sent before the crash − 3 that were being handed to SMTP = 15, each once.
      expect(got).toHaveLength(15);
      expect(new Set(got).size).toBe(15);
      const rows = await second.api.db.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from public.newsletter_deliveries where issue_id = $1 group by status order by status",
        [id],
      );
      expect(rows.rows).toEqual([
        { status: "failed", n: 3 },
        { status: "sent", n: 17 },
      ]);
      const failed = await second.api.db.query<{ last_error: string }>(
        "select last_error from public.newsletter_deliveries where issue_id = $1 and status = 'failed' limit 1",
        [id],
      );
      expect(failed.rows[0]!.last_error).toMatch(/not sent again/);
    } finally {
      await second.close();
    }
  });
});
