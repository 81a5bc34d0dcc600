import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  USER_EMAIL,
  USER_PASSWORD,
  nextBookableDate,
  signedIn,
  startServer,
  type TestServer,
} from "../support/api-server.ts";
import { backends } from "../support/backends.ts";
import { rawHeader, startSmtp, type TestSmtp } from "../support/smtp.ts";

let srv: TestServer;
let smtp: TestSmtp;
let hook: Server;
let hookUrl = "";
const hookCalls: Array<{ headers: IncomingMessage["headers"]; body: string; status: number }> = [];
let hookFailures = 0;
const SECRET = "webhook-secret-for-tests";
let teardown: (() => Promise<void>) | undefined;

function submit(formType: string, payload: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return fetch(`${srv.url}/functions/v1/submit-form`, {
    method: "POST",
    headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${srv.api.anonKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      formType,
      payload,
      path: "/contact",
      locale: "ar",
      timeZone: "America/Toronto",
      submissionId: randomUUID(),
      ...extra,
    }),
  });
}

const header = rawHeader;

const lead = (email: string) => ({
  fullName: "سارة علي",
  email,
  countryCode: "+971",
  phoneNumber: "501234567",
  phone: "+971501234567",
  country: "UAE",
  city: "Dubai",
  company: "Marina Homes",
  preferredCallTime: "5-9",
  isEnterpriseInterested: true,
  consent: { version: "2026-11-23", marketing: false },
});

for (const backend of backends)
  describe(`mail (${backend.name})`, () => {
    beforeAll(async () => {
      smtp = await startSmtp();
      hook = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c) => chunks.push(c));
        req.on("end", () => {
          const status = hookFailures > 0 ? (hookFailures--, 503) : 204;
          hookCalls.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
          res.statusCode = status;
          res.end();
        });
      });
      await new Promise<void>((r) => hook.listen(0, "127.0.0.1", () => r()));
      hookCalls.length = 0;
      hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const db = await backend.setup();
      teardown = db.teardown;
      srv = await startServer({
        databaseUrl: db.databaseUrl,
        env: {
          ...db.env,
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Wasla" <hello@wasla.test>',
          SALES_NOTIFY_EMAIL: "sales@wasla.test, manager@wasla.test",
          LEAD_WEBHOOK_URL: hookUrl,
          LEAD_WEBHOOK_SECRET: SECRET,
          PUBLIC_URL: "https://wasla.test",
          MAIL_POLL_MS: "100",
          MAIL_RETRY_BASE_MS: "100",
          MAIL_MAX_ATTEMPTS: "3",
        },
      });
    });
    afterAll(async () => {
      await srv?.close();
      await teardown?.();
      await smtp?.close();
      await new Promise<void>((r) => (hook ? hook.close(() => r()) : r()));
    });

    it("a lead sends the sales team every field with WhatsApp, call and admin links, and the visitor an Arabic acknowledgement", async () => {
      const email = `sara-${Date.now()}@example.ae`;
      expect((await submit("sales_lead", lead(email))).status).toBe(201);
      const sales = await smtp.waitFor((m) => m.to.includes("sales@wasla.test") && m.raw.includes(email));
      expect(sales.to).toEqual(["sales@wasla.test", "manager@wasla.test"]);
      expect(sales.parsed.subject).toBe("New sales lead: سارة علي");
      expect(sales.parsed.replyTo?.text).toContain(email);
      const text = sales.parsed.text ?? "";
      for (const piece of [
        "Marina Homes",
        "Dubai",
        "+971501234567",
        "5 PM – 9 PM",
        "https://wasla.test/contact",
        "America/Toronto",
        "https://wa.me/971501234567",
        "tel:+971501234567",
        "https://wasla.test/en/admin/leads?lead=",
      ]) {
        expect(text).toContain(piece);
      }
      expect(sales.parsed.html).toContain('href="https://wa.me/971501234567"');

      const ack = await smtp.waitFor((m) => m.to.includes(email));
      expect(ack.parsed.html).toContain('dir="rtl"');
      expect(ack.parsed.html).toContain('lang="ar"');
      expect(ack.parsed.html).toContain("Noto Sans Arabic");
      expect(ack.parsed.text).toMatch(/[\u0600-\u06FF]/);
      expect(ack.parsed.subject).not.toMatch(/We received/);
      expect(ack.parsed.messageId).toMatch(/@wasla\.test>$/);
    });

    it("a booking sends a METHOD:REQUEST invitation: 30 minutes at the slot in Asia/Dubai, with the visitor's local time in the text", async () => {
      const email = `omar-${Date.now()}@example.com`;
      const date = nextBookableDate();
      const res = await submit(
        "demo_booking",
        { fullName: "Omar Haddad", email, phone: "+14165550123", company: "", demoDate: date, demoTime: "10:30" },
        { locale: "en", path: "/en" },
      );
      expect(res.status).toBe(201);
      const m = await smtp.waitFor((x) => x.to.includes(email));
      expect(m.parsed.subject).toMatch(/^Your Wasla demo: /);
      expect(m.parsed.text).toContain("Your local time");
      const cal = m.parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"));
      expect(cal, "calendar part").toBeTruthy();
      const ics = cal!.content.toString("utf8");
      expect(ics).toContain("METHOD:REQUEST");
      const comp = new ICAL.Component(ICAL.parse(ics));
      expect(comp.getFirstPropertyValue("method")).toBe("REQUEST");
      const tz = new ICAL.Timezone(comp.getFirstSubcomponent("vtimezone")!);
      ICAL.TimezoneService.register(tz);
      const event = new ICAL.Event(comp.getFirstSubcomponent("vevent")!);
      expect(event.startDate.zone.tzid).toBe("Asia/Dubai");
      expect(event.startDate.toString()).toBe(`${date}T10:30:00`);
      expect(event.startDate.toJSDate().toISOString()).toBe(`${date}T06:30:00.000Z`);
      expect(event.duration.toSeconds()).toBe(1800);
      expect(event.attendees[0]!.getFirstValue()).toBe(`mailto:${email}`);
      expect(event.organizer).toBe("mailto:sales@wasla.test");
      expect(event.description).toContain("Your local time");
    });

    it("signs each webhook delivery (HMAC-SHA256 over timestamp.body), retries a failing endpoint and logs every try", async () => {
      hookFailures = 1;
      const before = hookCalls.length;
      const email = `hook-${Date.now()}@example.com`;
      await submit("sales_lead", lead(email));
      const deadline = Date.now() + 15_000;
      while (hookCalls.filter((c) => c.body.includes(email)).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const calls = hookCalls.slice(before).filter((c) => c.body.includes(email));
      expect(calls.map((c) => c.status)).toEqual([503, 204]);
      for (const c of calls) {
        const [t, v1] = String(c.headers["x-wasla-signature"])
          .split(",")
          .map((p) => p.split("=")[1]);
        expect(v1).toBe(createHmac("sha256", SECRET).update(`${t}.${c.body}`).digest("hex"));
      }
      const body = JSON.parse(calls[1]!.body);
      expect(body).toMatchObject({ type: "lead.created", data: { formType: "sales_lead", fields: { email } } });
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      const { data: row, error } = await client.from("mail_outbox").select("id, status, attempts").eq("id", body.id).single();
      expect(error).toBeNull();
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      const { data: log } = await client.from("mail_attempts").select("ok, detail").eq("outbox_id", body.id).order("attempted_at");
      expect(log!.map((a) => [a.ok, a.detail])).toEqual([
        [false, "HTTP 503"],
        [true, "HTTP 204"],
      ]);
    });

    it("retries a failing SMTP server with backoff, then shows the message failed with the reason; a retry by hand sends it", async () => {
      const email = `fail-${Date.now()}@example.com`;
      smtp.failNext(100, 451, "Mailbox busy, try later");
      await submit("newsletter", { email, consent: { version: "2026-11-23" } });
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      let row: { id: string; status: string; attempts: number; last_error: string | null } | null = null;
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const { data } = await client.from("mail_outbox").select("id, status, attempts, last_error").eq("recipient", email).maybeSingle();
        row = data;
        if (row?.status === "failed") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      smtp.failNext(0);
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row!.last_error).toContain("Mailbox busy");
      expect((await srv.client().rpc("retry_mail", { p_id: row!.id })).error).not.toBeNull();
      const { error } = await client.rpc("retry_mail", { p_id: row!.id });
      expect(error).toBeNull();
      const m = await smtp.waitFor((x) => x.to.includes(email));
      expect(header(m.raw, "List-Unsubscribe")).toMatch(/^<https:\/\/wasla\.test\/newsletter\/unsubscribe\?token=[\w.-]+>$/);
      expect(header(m.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    });

    it("newsletter: double opt-in through the signed link, a pending address asked again gets the link again, one-click unsubscribe", async () => {
      const email = `news-${Date.now()}@example.com`;
      expect((await submit("newsletter", { email, consent: { version: "2026-11-23" } })).status).toBe(201);
      const first = await smtp.waitFor((x) => x.to.includes(email));
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      const status = async () =>
        (await client.from("newsletter_subscribers").select("status, consent_version, consent_page").eq("email", email).single()).data;
      expect(await status()).toMatchObject({ status: "pending", consent_version: "2026-11-23", consent_page: "/contact" });

      // Asked again while pending: the same answer, and the link again.
      expect((await submit("newsletter", { email: email.toUpperCase() })).status).toBe(201);
      const deadline = Date.now() + 10_000;
      while (smtp.messages.filter((m) => m.to.includes(email.toUpperCase()) || m.to.includes(email)).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(smtp.messages.filter((m) => m.to.map((t) => t.toLowerCase()).includes(email)).length).toBe(2);

      const confirm = /(https:\/\/wasla\.test\/newsletter\/confirm\?token=[\w.-]+)/.exec(first.parsed.text ?? "")![1]!;
      const token = new URL(confirm).searchParams.get("token");
      const bad = await fetch(`${srv.url}/functions/v1/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "confirm", token: `${token}x` }),
      });
      expect(bad.status).toBe(400);
      expect((await status())!.status).toBe("pending");
      const ok = await fetch(`${srv.url}/functions/v1/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: "confirm", token }),
      });
      expect(await ok.json()).toEqual({ status: "confirmed" });
      expect((await status())!.status).toBe("confirmed");

      const unsubscribe = /<([^>]+)>/.exec(header(first.raw, "List-Unsubscribe"))![1]!;
      const oneClick = await fetch(unsubscribe.replace("https://wasla.test", srv.url), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect((await status())!.status).toBe("unsubscribed");
    });

    it("nobody but an administrator reads the outbox, the delivery log or the subscribers; erasing an address removes all of it and is audited", async () => {
      const email = `erase-${Date.now()}@example.com`;
      await submit("sales_lead", lead(email));
      await submit("newsletter", { email });
      await smtp.waitFor((x) => x.to.includes(email));
      for (const table of ["mail_outbox", "mail_attempts", "newsletter_subscribers"] as const) {
        const { data } = await srv.client().from(table).select("*");
        expect(data ?? []).toEqual([]);
        const { error } = await srv
          .client()
          .from(table)
          .insert({} as never);
        expect(error).not.toBeNull();
      }
      const { client: user } = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
      for (const table of ["mail_outbox", "mail_attempts", "newsletter_subscribers"] as const) {
        expect((await user.from(table).select("*")).data ?? []).toEqual([]);
      }
      expect((await user.rpc("erase_personal_data", { p_email: email })).error).not.toBeNull();
      expect((await srv.client().rpc("erase_personal_data", { p_email: email })).error).not.toBeNull();
      const { client } = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      const { data, error } = await client.rpc("erase_personal_data", { p_email: email.toUpperCase() });
      expect(error).toBeNull();
      expect(data).toMatchObject({ submissions: 2, subscribers: 1 });
      expect((data as { messages: number }).messages).toBeGreaterThanOrEqual(3);
      const left = await client.from("form_submissions").select("id").eq("payload->>email", email);
      expect(left.data).toEqual([]);
      expect((await client.from("mail_outbox").select("id").eq("recipient", email)).data).toEqual([]);
      const audit = await client.from("audit_events").select("event_type, details").eq("event_type", "personal_data_erased");
      expect(audit.data!.at(-1)!.details).toMatchObject({ submissions: 2, subscribers: 1 });
      expect(JSON.stringify(audit.data)).not.toContain(email);
    });
  });
