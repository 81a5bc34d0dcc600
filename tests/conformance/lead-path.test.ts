/**
 * The lead → sales email path end to end (docs/mail.md#the-path-of-a-lead): a visitor's POST to
 * submit-form reaches the assigned salesperson's inbox through the outbox without waiting for the mail
 * worker's next poll. The poll is set to an hour here, so only submit-form's own nudge
 * (server/api/functions/submit-form.ts) can make the worker send within the test.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startServer, type TestServer } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";
import { postSalesLead } from "../support/sales-lead.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

const SALES = "path-sales@sales.test";

for (const backend of backends)
  describe(`lead path (${backend.name})`, () => {
    let srv: TestServer;
    let smtp: TestSmtp;
    let teardown: (() => Promise<void>) | undefined;
    let svc: SupabaseClient;

    beforeAll(async () => {
      smtp = await startSmtp();
      const db = await backend.setup();
      teardown = db.teardown;
      srv = await startServer({
        databaseUrl: db.databaseUrl,
        env: {
          ...db.env,
          SMTP_URL: smtp.url,
          MAIL_FROM: '"Wasla" <hello@wasla.test>',
          SALES_NOTIFY_EMAIL: "desk@wasla.test",
          PUBLIC_URL: "https://wasla.test",
          MAIL_POLL_MS: String(60 * 60 * 1000),
        },
      });
      svc = srv.client(srv.api.serviceRoleKey) as unknown as SupabaseClient;
      const { ensureUser } = await import("../../server/api/users.ts");
      const u = await srv.api.db.transaction((tx) => ensureUser(tx, SALES, "a long sales password 42", { admin: false }));
      const { error } = await svc.from("administrators").insert({ user_id: u.id, role: "sales", market_ids: ["uae"], locale: "en" });
      expect(error).toBeNull();
    }, 120_000);

    afterAll(async () => {
      await srv?.close();
      await teardown?.();
      await smtp?.close();
    });

    it("a lead posted to submit-form is emailed to the salesperson it was given to, without waiting for the worker's poll", async () => {
      const email = `path-${randomUUID().slice(0, 8)}@example.com`;
      const res = await postSalesLead(srv, { fullName: "Path Lead", email });
      expect(res.status).toBe(201);
      const { data: lead } = await svc.from("leads").select("id, owner_id").eq("email", email).single();
      expect(lead?.owner_id).toBeTruthy();
      const m = await smtp.waitFor((x) => x.to.includes(SALES) && (x.parsed.text ?? "").includes(lead!.id), 15_000);
      expect(m.parsed.subject).toBe("New lead for you: Path Lead");
      expect(m.parsed.text).toContain(`https://wasla.test/en/admin/leads?lead=${lead!.id}`);
    });
  });
