/**
 * Password recovery, one-time link verification, a new password, and team invitations, through the
 * real supabase-js (resetPasswordForEmail, verifyOtp, updateUser, functions.invoke) against the
 * embedded server. Links are read from the mail outbox, as the mail worker would send them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import { ensureUser } from "../../server/api/users.ts";

let srv: TestServer;
const NEW_PASSWORD = "violet tangerine harbour 42";

beforeAll(async () => {
  srv = await startServer({ env: { AUTH_RECOVER_IP_RATE_LIMIT: "1000/60", AUTH_RECOVER_EMAIL_RATE_LIMIT: "3/60" } });
});
afterAll(async () => {
  await srv?.close();
});

async function member(email: string, password: string, role: "owner" | "editor" | "sales") {
  await srv.api.db.transaction(async (tx) => {
    const u = await ensureUser(tx, email, password, { admin: false });
    await tx.query(
      "insert into public.administrators (user_id, role) values ($1, $2) on conflict (user_id) do update set role = excluded.role",
      [u.id, role],
    );
  });
  return signedIn(srv, email, password);
}

/** The sign-in-link messages queued for an address, newest first. */
async function outbox(kind: "password_recovery" | "team_invite", to: string) {
  const r = await srv.api.db.query<{
    id: string;
    locale: string;
    data: { token: string; role?: string };
    subject: string | null;
    text_body: string | null;
  }>("select id, locale, data, subject, text_body from public.mail_outbox where kind = $1 and recipient = $2 order by created_at desc", [
    kind,
    to,
  ]);
  return r.rows;
}

/** Waits for the background work of /recover (it answers first). */
async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return fn();
}

describe("password recovery", () => {
  it("answers 200 {} for a known and an unknown email alike; only the known one gets a link, in the page's language", async () => {
    const email = "recover-me@example.com";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, "an old password 1234", { admin: false }));
    for (const address of [email, "nobody-here@example.com"]) {
      const res = await fetch(`${srv.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${srv.url}/en/admin/reset-password`)}`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, "Content-Type": "application/json" },
        body: JSON.stringify({ email: address, gotrue_meta_security: {} }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    const rows = await eventually(
      () => outbox("password_recovery", email),
      (r) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.locale).toBe("en");
    expect(rows[0]!.data.token).toMatch(/^[\w-]{40,}$/);
    expect(await outbox("password_recovery", "nobody-here@example.com")).toHaveLength(0);
    // The worker renders it with the link to the English reset page.
    await srv.api.mail.worker.tick();
    const [rendered] = await outbox("password_recovery", email);
    expect(rendered!.subject).toMatch(/Reset your .* admin password/);
    expect(rendered!.text_body).toContain(`/en/admin/reset-password?token_hash=${rendered!.data.token}&type=recovery`);
  });

  it("supabase-js: resetPasswordForEmail, verifyOtp, updateUser; the link works once; other sessions end", async () => {
    const email = "reset-flow@example.com";
    const old = "my previous password 77";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, old, { admin: false }));
    const elsewhere = await signedIn(srv, email, old);
    const c = srv.client();
    const r = await c.auth.resetPasswordForEmail(email, { redirectTo: `${srv.url}/admin/reset-password` });
    expect(r.error).toBeNull();
    const [row] = await eventually(
      () => outbox("password_recovery", email),
      (x) => x.length === 1,
    );
    expect(row!.locale).toBe("ar");
    const v = await c.auth.verifyOtp({ token_hash: row!.data.token, type: "recovery" });
    expect(v.error).toBeNull();
    expect(v.data.session?.user.email).toBe(email);

    const weak = await c.auth.updateUser({ password: "short" });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe("weak_password");
    const same = await c.auth.updateUser({ password: old });
    expect(same.error?.code).toBe("same_password");
    const ok = await c.auth.updateUser({ password: NEW_PASSWORD });
    expect(ok.error).toBeNull();

    expect((await srv.client().auth.signInWithPassword({ email, password: old })).error?.code).toBe("invalid_credentials");
    expect((await srv.client().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    // The session opened before the reset is over.
    const me = await fetch(`${srv.url}/auth/v1/user`, {
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${elsewhere.session.access_token}` },
    });
    expect(me.status).toBe(403);
    expect((await me.json()).code).toBe("session_not_found");
    // Used once.
    const again = await srv.client().auth.verifyOtp({ token_hash: row!.data.token, type: "recovery" });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe("otp_expired");
  });

  it("refuses a token of the wrong type (without using it up), an expired one and an unknown one with 403 otp_expired", async () => {
    const email = "token-rules@example.com";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, "token rules password 9", { admin: false }));
    await srv.client().auth.resetPasswordForEmail(email);
    const [row] = await eventually(
      () => outbox("password_recovery", email),
      (x) => x.length === 1,
    );
    const token = row!.data.token;
    const wrong = await srv.client().auth.verifyOtp({ token_hash: token, type: "invite" });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe("otp_expired");
    const unknown = await srv.client().auth.verifyOtp({ token_hash: "x".repeat(43), type: "recovery" });
    expect(unknown.error?.code).toBe("otp_expired");
    // Still good for its own type after the wrong-type try; then expire it.
    await srv.api.db.query(
      "update auth.one_time_tokens set expires_at = now() - interval '1 second' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const expired = await srv.client().auth.verifyOtp({ token_hash: token, type: "recovery" });
    expect(expired.error?.code).toBe("otp_expired");
    const bad = await fetch(`${srv.url}/auth/v1/verify`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "magiclink", token_hash: token }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("validation_failed");
  });

  it("a newer link retires the older one", async () => {
    const email = "two-links@example.com";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, "two links password 55", { admin: false }));
    await srv.client().auth.resetPasswordForEmail(email);
    await eventually(
      () => outbox("password_recovery", email),
      (x) => x.length === 1,
    );
    await srv.client().auth.resetPasswordForEmail(email);
    const [newer, older] = await eventually(
      () => outbox("password_recovery", email),
      (x) => x.length === 2,
    );
    expect((await srv.client().auth.verifyOtp({ token_hash: older!.data.token, type: "recovery" })).error?.code).toBe("otp_expired");
    expect((await srv.client().auth.verifyOtp({ token_hash: newer!.data.token, type: "recovery" })).error).toBeNull();
  });

  it("GET /verify redirects like GoTrue: the session or the error in the fragment, only to this origin", async () => {
    const email = "redirect-link@example.com";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, "redirect link password 3", { admin: false }));
    await srv.client().auth.resetPasswordForEmail(email);
    const [row] = await eventually(
      () => outbox("password_recovery", email),
      (x) => x.length === 1,
    );
    const q = (token: string, to: string) =>
      `${srv.url}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(to)}&apikey=${srv.api.anonKey}`;
    const good = await fetch(q(row!.data.token, "/en/admin/reset-password"), { redirect: "manual" });
    expect(good.status).toBe(303);
    const loc = new URL(good.headers.get("location")!);
    expect(loc.pathname).toBe("/en/admin/reset-password");
    const frag = new URLSearchParams(loc.hash.slice(1));
    expect(frag.get("type")).toBe("recovery");
    expect(frag.get("access_token")).toMatch(/^ey/);
    const reused = await fetch(q(row!.data.token, "https://evil.example/steal"), { redirect: "manual" });
    const loc2 = new URL(reused.headers.get("location")!);
    expect(loc2.hostname).toBe("127.0.0.1");
    expect(loc2.pathname).toBe("/admin");
    expect(new URLSearchParams(loc2.hash.slice(1)).get("error_code")).toBe("otp_expired");
  });

  it("per email, requests past the limit are dropped quietly (still 200); per address they get 429", async () => {
    const email = "flood@example.com";
    await srv.api.db.transaction((tx) => ensureUser(tx, email, "flood password 123456", { admin: false }));
    for (let i = 0; i < 5; i++) expect((await srv.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox("password_recovery", email)).toHaveLength(3);
    const limited = await startServer({ env: { AUTH_RECOVER_IP_RATE_LIMIT: "2/60" } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.client().auth.resetPasswordForEmail(`n${i}@example.com`)).error?.status ?? 200);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it("the outbox rows holding sign-in links are invisible through the API, even to owners", async () => {
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await owner.client.from("mail_outbox").select("kind").in("kind", ["password_recovery", "team_invite"]);
    expect(r.error).toBeNull();
    expect(r.data).toEqual([]);
    const total = await srv.api.db.query<{ n: number }>(
      "select count(*)::int as n from public.mail_outbox where kind = 'password_recovery'",
    );
    expect(total.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe("team invitations", () => {
  it("only a signed-in owner may invite: anon 401, a non-member and an editor 403", async () => {
    const body = { email: "someone@example.com", role: "editor", locale: "en" };
    const anon = await srv.client().functions.invoke("team-invite", { body });
    expect((anon.error as { context?: Response })?.context?.status).toBe(401);
    const user = await signedIn(srv, USER_EMAIL, USER_PASSWORD);
    const u = await user.client.functions.invoke("team-invite", { body });
    expect((u.error as { context?: Response })?.context?.status).toBe(403);
    const editor = await member("editor-inviter@example.com", "editor inviter password 1", "editor");
    const e = await editor.client.functions.invoke("team-invite", { body });
    expect((e.error as { context?: Response })?.context?.status).toBe(403);
    expect(await outbox("team_invite", "someone@example.com")).toHaveLength(0);
  });

  it("refuses bad input with 400 and the field, storing nothing", async () => {
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const r = await owner.client.functions.invoke("team-invite", { body: { email: "bad@example.com", role: "admin", locale: "en" } });
    const res = (r.error as { context: Response }).context;
    expect(res.status).toBe(400);
    expect((await res.json()).fields.role).toBeTruthy();
    const r2 = await owner.client.functions.invoke("team-invite", { body: { email: "not an email", role: "sales" } });
    expect((r2.error as { context: Response }).context.status).toBe(400);
    const users = await srv.api.db.query("select 1 from auth.users where email in ('bad@example.com', 'not an email')");
    expect(users.rows).toHaveLength(0);
  });

  it("an invitation is accepted: invited → link in the invitee's language → password → active; a second invite is 409", async () => {
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const email = "new-sales@example.com";
    const r = await owner.client.functions.invoke("team-invite", { body: { email, role: "sales", locale: "ar" } });
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ email, role: "sales", status: "invited" });
    const team = await owner.client.rpc("team_members");
    const invited = team.data!.find((m) => m.email === email);
    expect(invited).toMatchObject({ status: "invited", role: "sales" });
    // No password yet: nothing to sign in with.
    expect((await srv.client().auth.signInWithPassword({ email, password: "" })).error).not.toBeNull();

    const [row] = await outbox("team_invite", email);
    expect(row!.locale).toBe("ar");
    expect(row!.data.role).toBe("sales");
    await srv.api.mail.worker.tick();
    const [rendered] = await outbox("team_invite", email);
    expect(rendered!.text_body).toContain(`/admin/accept-invite?token_hash=${row!.data.token}&type=invite`);
    expect(rendered!.text_body).not.toContain("/en/admin");

    const c = srv.client();
    expect((await c.auth.verifyOtp({ token_hash: row!.data.token, type: "recovery" })).error?.code).toBe("otp_expired");
    const v = await c.auth.verifyOtp({ token_hash: row!.data.token, type: "invite" });
    expect(v.error).toBeNull();
    expect((await c.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    const after = await owner.client.rpc("team_members");
    expect(after.data!.find((m) => m.email === email)?.status).toBe("active");
    // The new member reads leads (sales) and not drafts.
    const signed = await signedIn(srv, email, NEW_PASSWORD);
    expect((await signed.client.from("form_submissions").select("id")).error).toBeNull();

    const again = await owner.client.functions.invoke("team-invite", { body: { email, role: "editor" } });
    expect((again.error as { context: Response }).context.status).toBe(409);
    // The invitation link was used once.
    expect((await srv.client().auth.verifyOtp({ token_hash: row!.data.token, type: "invite" })).error?.code).toBe("otp_expired");
  });

  it("inviting someone still invited sends a new link (the old one stops working) with the new role", async () => {
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const email = "twice-invited@example.com";
    await owner.client.functions.invoke("team-invite", { body: { email, role: "editor", locale: "en" } });
    const r = await owner.client.functions.invoke("team-invite", { body: { email, role: "sales", locale: "en" } });
    expect(r.error).toBeNull();
    const [newer, older] = await outbox("team_invite", email);
    expect((await srv.client().auth.verifyOtp({ token_hash: older!.data.token, type: "invite" })).error?.code).toBe("otp_expired");
    expect(newer!.data.role).toBe("sales");
    const role = await srv.api.db.query<{ role: string }>(
      "select a.role from public.administrators a join auth.users u on u.id = a.user_id where u.email = $1",
      [email],
    );
    expect(role.rows[0]!.role).toBe("sales");
  });
});

describe("team management rules (database-enforced)", () => {
  it("an owner changes another member's role and removes them, never their own; the last owner stays", async () => {
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    const ownerId = owner.session.user.id;
    const other = await member("second-owner@example.com", "second owner password 8", "owner");
    const otherId = other.session.user.id;
    // Not their own role.
    const self = await owner.client
      .from("administrators")
      .update({ role: "editor" } as never)
      .eq("user_id", ownerId)
      .select();
    expect(self.data).toEqual([]);
    // Another owner's: yes, then back.
    const demote = await owner.client
      .from("administrators")
      .update({ role: "editor" } as never)
      .eq("user_id", otherId)
      .select();
    expect(demote.error).toBeNull();
    expect(demote.data).toHaveLength(1);
    // The demoted member cannot promote themselves back, nor change anyone.
    const back = await other.client
      .from("administrators")
      .update({ role: "owner" } as never)
      .eq("user_id", otherId)
      .select();
    expect(back.data ?? []).toEqual([]);
    const theirs = await other.client
      .from("administrators")
      .update({ role: "sales" } as never)
      .eq("user_id", ownerId)
      .select();
    expect(theirs.data ?? []).toEqual([]);
    // Only the role column can change.
    const col = await owner.client
      .from("administrators")
      .update({ accepted_at: null } as never)
      .eq("user_id", otherId);
    expect(col.error?.code).toBe("42501");
    // The service role (or SQL) cannot leave the team without an owner either.
    const svc = srv.client(srv.api.serviceRoleKey);
    const last = await svc
      .from("administrators")
      .update({ role: "sales" } as never)
      .eq("user_id", ownerId);
    expect(last.error?.code).toBe("23514");
    expect(last.status).toBe(400);
    // Removal: not oneself; another member, yes (audited).
    const removeSelf = await owner.client.from("administrators").delete().eq("user_id", ownerId).select();
    expect(removeSelf.data).toEqual([]);
    const remove = await owner.client.from("administrators").delete().eq("user_id", otherId).select();
    expect(remove.data).toHaveLength(1);
    const audit = await srv.api.db.query<{ event_type: string }>(
      "select event_type from public.audit_events where details ->> 'memberId' = $1 order by id",
      [otherId],
    );
    expect(audit.rows.map((r) => r.event_type)).toEqual(["team_role_changed", "team_member_removed"]);
  });

  it("two owners demoting each other at once: the team keeps an owner", async () => {
    const a = await member("race-a@example.com", "race owner a password", "owner");
    const b = await member("race-b@example.com", "race owner b password", "owner");
    // The first owner (admin@example.com) would keep the team safe; take them out of the way.
    await srv.api.db.query(
      "update public.administrators set role = 'editor' where user_id = (select id from auth.users where email = $1)",
      [ADMIN_EMAIL],
    );
    try {
      const [x, y] = await Promise.all([
        a.client
          .from("administrators")
          .update({ role: "editor" } as never)
          .eq("user_id", b.session.user.id)
          .select(),
        b.client
          .from("administrators")
          .update({ role: "editor" } as never)
          .eq("user_id", a.session.user.id)
          .select(),
      ]);
      const owners = await srv.api.db.query<{ n: number }>("select count(*)::int as n from public.administrators where role = 'owner'");
      expect(owners.rows[0]!.n).toBe(1);
      // One demotion wins; the other is refused (by the policy once its author is no longer an owner,
      // or by the trigger when both run at the same moment on PostgreSQL).
      const changed = [x, y].filter((r) => !r.error && r.data?.length === 1).length;
      expect(changed).toBe(1);
    } finally {
      await srv.api.db.query(
        "update public.administrators set role = 'owner' where user_id = (select id from auth.users where email = $1)",
        [ADMIN_EMAIL],
      );
    }
  });
});
