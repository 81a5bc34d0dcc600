/**
 * The Row Level Security matrix (docs/product.md#team-and-roles): every caller — anonymous visitor, signed-in
 * non-member, and each team role (owner, editor, sales) — × every table of the public schema (30) and the two
 * buckets (blog-images, demo-recordings) × select / insert / update / delete: 5 × 32 × 4 = 640 cells, plus the
 * functions that act on data. Every cell is asserted through the real supabase-js over HTTP, so the role and
 * claims the server sets are what RLS sees. Tables whose rows belong to one member (saved views, autosaves) are
 * checked to show and change the caller's own rows only; tables with column grants are written through the
 * granted columns (a lead's status, a note's text, a preview link's revoked_at). A table of the public schema
 * without row security, or without a row in RULES, fails the completeness test.
 * Runs on embedded PGlite always, and on a real PostgreSQL when TEST_DATABASE_URL is set (a fresh
 * database is created in that cluster and dropped afterwards).
 *
 * Cell outcomes: "rows" (the caller reads or changes the rows), "none" (no error, but no row is seen
 * or changed), "published" (only published posts), "denied" (42501: 401 for anon, 403 signed in).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PNG_1PX,
  USER_EMAIL,
  USER_PASSWORD,
  signedIn,
  startServer,
  type TestServer,
} from "../support/api-server.ts";
import type { Database } from "../../src/lib/database.types.ts";
import { ensureUser } from "../../server/api/users.ts";
import { storeRecording } from "../../server/audio/upload.ts";
import { backends } from "../support/backends.ts";

/** An MP3 frame header and silence: enough for file-type. */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2048)]);
const WHO = ["anon", "user", "owner", "editor", "sales"] as const;
type Who = (typeof WHO)[number];
type Client = SupabaseClient<Database>;
type Outcome = "rows" | "none" | "published" | "denied";
type Op = "select" | "insert" | "update" | "delete";
const OPS: Op[] = ["select", "insert", "update", "delete"];

/** The team roles: callers with rows of their own (notes, saved views, autosaves). */
const MEMBERS = ["owner", "editor", "sales"] as const;
const randomHash = () => randomUUID().replace(/-/g, "").repeat(2);
const EDITOR = { email: "matrix-editor@example.com", password: "matrix editor password 1" };
const SALES = { email: "matrix-sales@example.com", password: "matrix sales password 22" };

const newPost = (published = false) => ({
  slug: `matrix-${randomUUID().slice(0, 8)}`,
  title: "Matrix post",
  excerpt: "Matrix excerpt",
  content: "<p>Matrix</p>",
  category: "Technology",
  country: "Global",
  read_time: "1 min read",
  published,
});

/** Who may do what: the product's rules, written once. */
const byRole = (
  owner: Outcome,
  editor: Outcome,
  sales: Outcome,
  user: Outcome = "none",
  anon: Outcome = "denied",
): Record<Who, Outcome> => ({
  anon,
  user,
  owner,
  editor,
  sales,
});
const nobody = byRole("denied", "denied", "denied", "denied", "denied");

const RULES: Record<string, Record<Op, Record<Who, Outcome>>> = {
  blog_posts: {
    select: byRole("rows", "rows", "published", "published", "published"),
    insert: byRole("rows", "rows", "denied", "denied"),
    update: byRole("rows", "rows", "none"),
    delete: byRole("rows", "rows", "none"),
  },
  administrators: {
    select: byRole("rows", "rows", "rows"),
    insert: nobody,
    update: byRole("rows", "none", "none"),
    delete: byRole("rows", "none", "none"),
  },
  form_submissions: { select: byRole("rows", "none", "rows"), insert: nobody, update: nobody, delete: nobody },
  mail_outbox: { select: byRole("rows", "none", "rows"), insert: nobody, update: nobody, delete: nobody },
  mail_attempts: { select: byRole("rows", "none", "rows"), insert: nobody, update: nobody, delete: nobody },
  newsletter_subscribers: { select: byRole("rows", "none", "rows"), insert: nobody, update: nobody, delete: nobody },
  // Each role sees its own kinds of events (asserted in detail below).
  audit_events: { select: byRole("rows", "rows", "rows"), insert: nobody, update: nobody, delete: nobody },
  content_version: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  // Demo bookings: owners and sales read them and may annotate them (the notes column only); visitors
  // book through the submit-form function and staff cancel or reschedule through functions, never
  // by writing the table.
  bookings: { select: byRole("rows", "none", "rows"), insert: nobody, update: byRole("rows", "none", "rows"), delete: nobody },
  // Booking calendars per market: public, changed only by owners.
  markets: {
    select: byRole("rows", "rows", "rows", "rows", "rows"),
    insert: byRole("rows", "denied", "denied", "denied", "denied"),
    update: byRole("rows", "none", "none", "none", "denied"),
    delete: byRole("rows", "none", "none", "none", "denied"),
  },
  // Who else gets the team's lead mail: owners only (one row).
  sales_notify_settings: {
    select: byRole("rows", "none", "none"),
    insert: byRole("rows", "denied", "denied", "denied", "denied"),
    update: byRole("rows", "none", "none"),
    delete: nobody,
  },
  // Newsletter issues: owners and editors write drafts (every other change goes through functions); sales and
  // strangers see none; visitors read a sent issue only through public.newsletter_web_version.
  newsletter_issues: {
    select: byRole("rows", "rows", "none"),
    insert: byRole("rows", "rows", "denied", "denied"),
    update: byRole("rows", "rows", "none"),
    delete: byRole("rows", "rows", "none"),
  },
  // Per-recipient deliveries hold addresses: owners read them; only the mail worker writes them.
  newsletter_deliveries: { select: byRole("rows", "none", "none"), insert: nobody, update: nobody, delete: nobody },
  // The round-robin cursors: only the database's own functions touch them.
  assignment_cursors: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  // Analytics (docs/analytics.md): raw events and salts only through the server; traffic roll-ups for owners and
  // editors, conversion roll-ups for sales too; nobody writes them through the API.
  analytics_events: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  analytics_salts: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  analytics_daily: { select: byRole("rows", "rows", "none"), insert: nobody, update: nobody, delete: nobody },
  analytics_form_daily: { select: byRole("rows", "rows", "rows"), insert: nobody, update: nobody, delete: nobody },
  // Their sums over weeks and four-week blocks: the same readers as the daily roll-ups.
  analytics_blocks: { select: byRole("rows", "rows", "none"), insert: nobody, update: nobody, delete: nobody },
  analytics_form_blocks: { select: byRole("rows", "rows", "rows"), insert: nobody, update: nobody, delete: nobody },
  // The roll-up job's cursor and the weekly report log: the server only.
  analytics_rollup_state: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  // The keys each visitor of an open day was already counted under (the incremental roll-up): the server only.
  analytics_day_visitor_keys: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  analytics_reports: { select: nobody, insert: nobody, update: nobody, delete: nobody },
  // Leads (docs/leads.md#who-can-do-what-row-level-security): owners and sales read them and change a lead's
  // status and owner (the only columns granted); editors and strangers see nothing; the database alone creates
  // leads (from stored submissions) and writes the timeline; nobody deletes either through the API.
  leads: { select: byRole("rows", "none", "rows"), insert: nobody, update: byRole("rows", "none", "rows"), delete: nobody },
  lead_events: { select: byRole("rows", "none", "rows"), insert: nobody, update: nobody, delete: nobody },
  // Notes: owners and sales add them as themselves; an author edits the text of their own note, an owner any
  // note (asserted in detail below); nobody deletes one.
  lead_notes: {
    select: byRole("rows", "none", "rows"),
    insert: byRole("rows", "denied", "rows", "denied"),
    update: byRole("rows", "none", "rows"),
    delete: nobody,
  },
  // Saved inbox filters: each owner or sales person reads, saves and deletes their own (never another's);
  // a view is not edited, it is saved again.
  lead_saved_views: {
    select: byRole("rows", "none", "rows"),
    insert: byRole("rows", "denied", "rows", "denied"),
    update: nobody,
    delete: byRole("rows", "none", "rows"),
  },
  // The post editor (docs/admin-posts.md#never-lost): each owner's or editor's own autosaves; revisions read by
  // owners and editors and written by the trigger only; preview links made, listed, revoked (revoked_at) and
  // deleted by owners and editors.
  post_autosaves: {
    select: byRole("rows", "rows", "none"),
    insert: byRole("rows", "rows", "denied", "denied"),
    update: byRole("rows", "rows", "none"),
    delete: byRole("rows", "rows", "none"),
  },
  post_revisions: { select: byRole("rows", "rows", "none"), insert: nobody, update: nobody, delete: nobody },
  post_preview_links: {
    select: byRole("rows", "rows", "none"),
    insert: byRole("rows", "rows", "denied", "denied"),
    update: byRole("rows", "rows", "none"),
    delete: byRole("rows", "rows", "none"),
  },
  // A post's earlier addresses: anyone reads those of posts visitors can see, owners and editors every one;
  // written by the trigger only; owners and editors may retire one.
  blog_post_slugs: {
    select: byRole("rows", "rows", "published", "published", "published"),
    insert: nobody,
    update: nobody,
    delete: byRole("rows", "rows", "none"),
  },
  "storage:blog-images": {
    select: byRole("rows", "rows", "none", "none", "none"),
    insert: byRole("rows", "rows", "denied", "denied", "denied"),
    update: byRole("rows", "rows", "denied", "denied", "denied"),
    delete: byRole("rows", "rows", "none", "none", "none"),
  },
  // Demo call recordings: stored by the server itself, read by those who follow up (owner, sales),
  // deleted by the retention job or an owner.
  "storage:demo-recordings": {
    select: byRole("rows", "none", "rows", "none", "none"),
    insert: byRole("denied", "denied", "denied", "denied", "denied"),
    update: byRole("denied", "denied", "denied", "denied", "denied"),
    delete: byRole("rows", "none", "none", "none", "none"),
  },
};

const MATRIX_SIZE = { roles: WHO.length, tables: Object.keys(RULES).length, operations: OPS.length };

describe.each(backends)("RLS matrix on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  const c = {} as Record<Who, Client>;
  const ids = {} as Record<Who, string>;
  let svc: Client;

  async function addMember(email: string, password: string, role: "owner" | "editor" | "sales") {
    return srv.api.db.transaction(async (tx) => {
      const u = await ensureUser(tx, email, password, { admin: false });
      await tx.query(
        "insert into public.administrators (user_id, role) values ($1, $2) on conflict (user_id) do update set role = excluded.role",
        [u.id, role],
      );
      return u.id;
    });
  }

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    svc = srv.client(srv.api.serviceRoleKey);
    await addMember(EDITOR.email, EDITOR.password, "editor");
    await addMember(SALES.email, SALES.password, "sales");
    c.anon = srv.client();
    for (const [who, email, password] of [
      ["user", USER_EMAIL, USER_PASSWORD],
      ["owner", ADMIN_EMAIL, ADMIN_PASSWORD],
      ["editor", EDITOR.email, EDITOR.password],
      ["sales", SALES.email, SALES.password],
    ] as const) {
      const s = await signedIn(srv, email, password);
      c[who] = s.client;
      ids[who] = s.session.user.id;
    }
    // Rows to read: a submission (its trigger queues mail and a subscriber), a delivery attempt, a
    // post event, a mail event.
    const ins = await svc
      .from("form_submissions")
      .insert({ submission_id: randomUUID(), form_type: "newsletter", payload: { email: "matrix@example.com" } });
    expect(ins.error).toBeNull();
    await srv.api.db.query(
      "insert into public.mail_attempts (outbox_id, ok, detail) select id, false, 'matrix' from public.mail_outbox limit 1",
    );
    const draft = await c.owner.from("blog_posts").insert(newPost()).select("id").single();
    expect(draft.status).toBe(201);
    seed.post = draft.data!.id;
    // A draft issue and one delivery of it to the subscriber above.
    const issue = await srv.api.db.query<{ id: string }>(
      "insert into public.newsletter_issues (language, subject, body_html) values ('en', 'Matrix issue', '<p>Matrix</p>') returning id",
    );
    await srv.api.db.query(
      "insert into public.newsletter_deliveries (issue_id, subscriber_id, email) select $1, id, email from public.newsletter_subscribers limit 1",
      [issue.rows[0]!.id],
    );
    await srv.api.db.query("insert into public.audit_events (event_type, details) values ('mail_retried', '{}')");
    // A booking to read and annotate (Monday 2030-01-07, 10:00 in Dubai).
    const booked = await svc
      .from("form_submissions")
      .insert({ submission_id: randomUUID(), form_type: "demo_booking", payload: { email: "matrix-booking@example.com" } })
      .select("id")
      .single();
    expect(booked.error).toBeNull();
    bookingSubmission = booked.data!.id;
    const booking = await svc
      .from("bookings")
      .insert({ submission_id: bookingSubmission, starts_at: "2030-01-07T06:00:00Z" })
      .select("id")
      .single();
    expect(booking.error).toBeNull();
    bookingId = booking.data!.id;
    // Analytics rows to read (and to fail to change).
    await srv.api.db.exec(
      `insert into public.analytics_salts (day, salt) values ('2026-11-26', repeat('s', 43));
       insert into public.analytics_events (at, day, kind, path, locale, visitor, channel, device)
         values (now(), '2026-11-26', 'view', '/', 'ar', repeat('v', 22), 'direct', 'mobile');
       insert into public.analytics_daily values ('2026-11-26', 'total', '', 1, 1);
       insert into public.analytics_form_daily values ('2026-11-26', 'sales_lead', 'total', '', 1, 1, 1, 1, 0);
       insert into public.analytics_blocks values (7, '2026-11-23', 'total', '', 1, 1);
       insert into public.analytics_form_blocks values (7, '2026-11-23', 'sales_lead', 'total', '', 1, 1, 1, 1, 0);
       insert into public.analytics_day_visitor_keys values ('2026-11-26', repeat('v', 22), array['total:']);`,
    );
    await srv.api.db.query("insert into public.analytics_reports (week) values ('2026-11-23')");
    // A lead (the submissions above made them), with a note and a saved view of each member's own.
    seed.lead = (await srv.api.db.query<{ id: string }>("select id from public.leads order by created_at limit 1")).rows[0]!.id;
    for (const who of MEMBERS) {
      await srv.api.db.query("insert into public.lead_notes (lead_id, author_id, body) values ($1, $2, $3)", [
        seed.lead,
        ids[who],
        `Seed note by ${who}`,
      ]);
      await srv.api.db.query("insert into public.lead_saved_views (user_id, name, query) values ($1, 'Seed view', 'status=new')", [
        ids[who],
      ]);
      await srv.api.db.query("insert into public.post_autosaves (post_id, author_id, base_version, fields) values ($1, $2, 1, '{}')", [
        seed.post,
        ids[who],
      ]);
    }
    // A live post (its revisions come from the trigger), a preview link of the draft, and an earlier slug of each.
    const live = await svc.from("blog_posts").insert(newPost(true)).select("id").single();
    expect(live.error).toBeNull();
    seed.live = live.data!.id;
    await srv.api.db.query(
      "insert into public.post_preview_links (post_id, token_hash, expires_at) values ($1, $2, now() + interval '7 days')",
      [seed.post, randomHash()],
    );
    for (const post of [seed.post, seed.live]) {
      await srv.api.db.query("insert into public.blog_post_slugs (language, slug, post_id) values ('en', $1, $2)", [
        `matrix-earlier-${randomUUID().slice(0, 8)}`,
        post,
      ]);
    }
    const up = await c.owner.storage.from("blog-images").upload("matrix/existing.png", PNG_1PX, { contentType: "image/png", upsert: true });
    expect(up.error).toBeNull();
    await storeRecording(srv.api.db, { name: "matrix/existing.mp3", data: MP3, mime: "audio/mpeg", receivedAt: new Date(), details: {} });
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  let bookingSubmission = "";
  /** Rows the beforeAll makes: a draft and a live post, a lead. */
  const seed = { post: "", live: "", lead: "" };
  let bookingId = "";
  type Result = { status: number; error: { code?: string; statusCode?: string } | null; data: unknown };

  /** Asserts one cell. `seen` is the number of rows the caller read or changed. */
  function expectCell(who: Who, outcome: Outcome, r: Result, seen: number, label: string) {
    const where = `${label} as ${who}`;
    if (outcome === "denied") {
      expect(r.error?.code, where).toBe("42501");
      expect(r.status, where).toBe(who === "anon" ? 401 : 403);
      return;
    }
    expect(r.error, where).toBeNull();
    if (outcome === "none") expect(seen, where).toBe(0);
    else expect(seen, where).toBeGreaterThan(0);
  }

  const rowsOf = (r: Result) => (Array.isArray(r.data) ? r.data.length : 0);

  // ------------------------------------------------------------------------------------ tables
  const sample: Record<string, () => Record<string, unknown>> = {
    blog_posts: () => newPost(true),
    administrators: () => ({ user_id: randomUUID(), role: "owner" }),
    form_submissions: () => ({ submission_id: randomUUID(), form_type: "newsletter", payload: { email: `x${Date.now()}@example.com` } }),
    mail_outbox: () => ({ kind: "lead_webhook", channel: "webhook" }),
    mail_attempts: () => ({ outbox_id: randomUUID(), ok: true }),
    newsletter_subscribers: () => ({ email: `m${Date.now()}@example.com` }),
    audit_events: () => ({ event_type: "blog_post", details: {} }),
    content_version: () => ({ id: 2, version: 1 }),
    bookings: () => ({ submission_id: bookingSubmission, starts_at: "2030-01-07T06:30:00Z" }),
    markets: () => ({ id: newMarketId(), name_en: "Matrix", name_ar: "مصفوفة", time_zone: "Europe/London" }),
    sales_notify_settings: () => ({ id: true, recipients: ["matrix@example.com"] }),
    assignment_cursors: () => ({ market_id: "canada" }),
    analytics_events: () => ({
      at: new Date().toISOString(),
      day: "2026-11-27",
      kind: "view",
      path: "/",
      locale: "ar",
      visitor: "x".repeat(22),
      channel: "direct",
      device: "desktop",
    }),
    analytics_salts: () => ({ day: "2000-01-01", salt: "s".repeat(43) }),
    analytics_daily: () => ({ day: "2000-01-01", dim: "total", key: "", views: 1, visitors: 1 }),
    analytics_form_daily: () => ({
      day: "2000-01-01",
      form: "sales_lead",
      dim: "total",
      key: "",
      views: 1,
      started: 1,
      submitted: 1,
      stored: 1,
      errors: 0,
    }),
    analytics_blocks: () => ({ days: 7, day: "2000-01-03", dim: "total", key: "", views: 1, visitors: 1 }),
    analytics_form_blocks: () => ({
      days: 7,
      day: "2000-01-03",
      form: "sales_lead",
      dim: "total",
      key: "",
      views: 1,
      started: 1,
      submitted: 1,
      stored: 1,
      errors: 0,
    }),
    newsletter_issues: () => ({ language: "en", subject: "Matrix issue", body_html: "<p>Matrix</p>" }),
    newsletter_deliveries: () => ({ issue_id: randomUUID(), subscriber_id: randomUUID(), email: "matrix@example.com" }),
    analytics_rollup_state: () => ({ id: 1, last_event_id: 0 }),
    analytics_day_visitor_keys: () => ({ day: "2000-01-03", visitor: "v".repeat(22), keys: ["total:"] }),
    analytics_reports: () => ({ week: "2000-01-03" }),
    leads: () => ({ person_key: `email:forged-${randomUUID().slice(0, 8)}@example.com`, source_form_type: "sales_lead" }),
    lead_events: () => ({ lead_id: seed.lead, kind: "note_added", detail: "forged" }),
    lead_notes: () => ({ lead_id: seed.lead, body: "Matrix note" }),
    lead_saved_views: () => ({ name: `Matrix ${randomUUID().slice(0, 8)}`, query: "status=new" }),
    // A post none of the members has an autosave of yet (the seed post has one of each).
    post_autosaves: () => ({ post_id: seed.live, base_version: 1, fields: { title: "Matrix" } }),
    post_revisions: () => ({ post_id: seed.post, version: 999, title: "Forged", snapshot: {} }),
    post_preview_links: () => ({
      post_id: seed.post,
      token_hash: randomHash(),
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
    blog_post_slugs: () => ({ language: "en", slug: `forged-${randomUUID().slice(0, 8)}`, post_id: seed.live }),
  };
  /** `who` edits the text of a fresh note written by `author`; asserts the stored text followed the result. */
  const updateNote = async (who: Who, author: (typeof MEMBERS)[number]) => {
    const note = (
      await srv.api.db.query<{ id: string }>(
        "insert into public.lead_notes (lead_id, author_id, body) values ($1, $2, 'Before') returning id",
        [seed.lead, ids[author]],
      )
    ).rows[0]!.id;
    const r = (await c[who]
      .from("lead_notes")
      .update({ body: `by ${who}` })
      .eq("id", note)
      .select()) as Result;
    const after = (await svc.from("lead_notes").select("body, edited_by").eq("id", note).single()).data!;
    const changed = after.body === `by ${who}`;
    expect(rowsOf(r) > 0, `lead_notes.update as ${who} of ${author}'s note`).toBe(changed);
    if (changed) expect(after.edited_by).toBe(ids[who]);
    return r;
  };
  /** Tables whose rows belong to one member, and the column naming them. */
  const OWN: Record<string, "user_id" | "author_id"> = { lead_saved_views: "user_id", post_autosaves: "author_id" };
  /** Another member than the caller (for the anonymous visitor and the stranger: the owner). */
  const otherThan = (who: Who) => (who === "owner" ? "sales" : "owner");
  /** The settings table holds one row: there is one to read and change, and none before an insert. */
  const settingsRow = async (present: boolean) => {
    if (present) expect((await svc.from("sales_notify_settings").upsert({ id: true })).error).toBeNull();
    else expect((await svc.from("sales_notify_settings").delete().eq("id", true)).error).toBeNull();
  };
  const newMarketId = () => `m${randomUUID().slice(0, 8)}`;
  const table = (name: string) => name as "blog_posts";
  /** A timestamp column of each table, to write and to filter on (the roll-up state has none: its cursor). */
  const STAMPS: Record<string, string> = {
    newsletter_deliveries: "next_attempt_at",
    mail_attempts: "attempted_at",
    content_version: "changed_at",
    sales_notify_settings: "updated_at",
    assignment_cursors: "updated_at",
    analytics_events: "at",
    analytics_reports: "queued_at",
    analytics_rollup_state: "last_event_id",
    post_autosaves: "saved_at",
  };
  const stamp = (name: string) => STAMPS[name] ?? (name.startsWith("analytics_") ? "day" : "created_at");
  /** A value to write to the stamp column, and one that no row holds (to filter on). */
  const stampValue = (name: string) => (name === "analytics_rollup_state" ? 0 : new Date().toISOString());
  const never = (name: string) => (name === "analytics_rollup_state" ? -1 : "1970-01-01T00:00:00Z");

  describe.each(Object.keys(sample))("%s", (name) => {
    it.each(WHO)("select as %s", async (who) => {
      const outcome = RULES[name]!.select[who];
      if (name === "sales_notify_settings") await settingsRow(true);
      const r = (await c[who].from(table(name)).select("*")) as Result;
      if (outcome === "published" && name === "blog_post_slugs") {
        // The earlier slugs of the posts visitors can see, and of no other post.
        const visible = new Set(((await c.anon.from("blog_posts").select("id")).data ?? []).map((p) => p.id));
        const all = (await svc.from("blog_post_slugs").select("post_id")).data!;
        expect(
          all.some((h) => !visible.has(h.post_id)),
          "the seed has a draft's slug",
        ).toBe(true);
        expect(r.error, who).toBeNull();
        const rows = r.data as { post_id: string }[];
        expect(rows.length, who).toBe(all.filter((h) => visible.has(h.post_id)).length);
        expect(rows.length, who).toBeGreaterThan(0);
        expect(
          rows.every((h) => visible.has(h.post_id)),
          who,
        ).toBe(true);
        return;
      }
      if (outcome === "published") {
        // Published posts from their publish time on: drafts and scheduled posts stay hidden.
        const all = (await svc.from("blog_posts").select("published,published_at")).data!;
        const now = Date.now();
        const visible = all.filter((p) => p.published && p.published_at && Date.parse(p.published_at) <= now).length;
        expect(
          all.some((p) => p.published && p.published_at && Date.parse(p.published_at) > now),
          "the seed has a scheduled post",
        ).toBe(true);
        expect(r.error).toBeNull();
        expect(rowsOf(r), who).toBe(visible);
        const rows = r.data as { published: boolean; published_at: string | null }[];
        expect(rows.every((p) => p.published && p.published_at !== null && Date.parse(p.published_at) <= now)).toBe(true);
        return;
      }
      expectCell(who, outcome, r, rowsOf(r), `${name}.select`);
      const own = OWN[name];
      if (own && outcome === "rows") {
        // Exactly the caller's own rows, while other members' rows are there.
        const rows = r.data as Record<string, string>[];
        expect(
          rows.every((row) => row[own] === ids[who]),
          `${name}.select as ${who}: own rows only`,
        ).toBe(true);
        const all = (await svc.from(table(name)).select(own as "id")).data as unknown as Record<string, string>[];
        expect(rows.length).toBe(all.filter((row) => row[own] === ids[who]).length);
        expect(all.some((row) => row[own] !== ids[who])).toBe(true);
      }
      if ((name === "blog_posts" || name === "blog_post_slugs") && outcome === "rows") {
        // Drafts' too: every row.
        const total = (await svc.from(table(name)).select("*", { count: "exact", head: true })).count;
        expect(rowsOf(r)).toBe(total);
      }
    });

    it.each(WHO)("insert as %s", async (who) => {
      const outcome = RULES[name]!.insert[who];
      if (name === "sales_notify_settings") await settingsRow(false);
      const before = (await svc.from(table(name)).select("*", { count: "exact", head: true })).count!;
      const r = (await c[who]
        .from(table(name))
        .insert(sample[name]!() as never)
        .select()) as Result;
      expectCell(who, outcome, r, rowsOf(r), `${name}.insert`);
      const own = name === "lead_notes" ? "author_id" : name === "post_preview_links" ? "created_by" : OWN[name];
      if (own && outcome === "rows") expect((r.data as Record<string, string>[])[0]![own], `${name}.insert as ${who}`).toBe(ids[who]);
      const after = (await svc.from(table(name)).select("*", { count: "exact", head: true })).count!;
      expect(after, `${name}.insert as ${who}`).toBe(outcome === "rows" ? before + 1 : before);
    });

    it.each(WHO)("update as %s", async (who) => {
      const outcome = RULES[name]!.update[who];
      if (name === "sales_notify_settings") await settingsRow(true);
      let r: Result;
      if (name === "blog_posts") {
        const target = (await svc.from("blog_posts").insert(newPost(true)).select().single()).data!;
        r = (await c[who]
          .from("blog_posts")
          .update({ title: `by ${who}` })
          .eq("id", target.id)
          .select()) as Result;
        const title = (await svc.from("blog_posts").select("title").eq("id", target.id).single()).data!.title;
        expect(title).toBe(outcome === "rows" ? `by ${who}` : "Matrix post");
      } else if (name === "administrators") {
        // A member who is not the caller: only owners may change their role (never their own).
        const target = await addMember(`matrix-target-${who}@example.com`, "matrix target password 1", "sales");
        r = (await c[who]
          .from("administrators")
          .update({ role: "editor" } as never)
          .eq("user_id", target)
          .select()) as Result;
        const role = (await svc.from("administrators").select("role").eq("user_id", target).single()).data!.role;
        expect(role).toBe(outcome === "rows" ? "editor" : "sales");
      } else if (name === "bookings") {
        r = (await c[who]
          .from("bookings")
          .update({ notes: `by ${who}` })
          .eq("id", bookingId)
          .select()) as Result;
        const notes = (await svc.from("bookings").select("notes").eq("id", bookingId).single()).data!.notes;
        if (outcome === "rows") expect(notes).toBe(`by ${who}`);
        else expect(notes).not.toBe(`by ${who}`);
      } else if (name === "markets") {
        const id = newMarketId();
        expect((await svc.from("markets").insert({ id, name_en: "Before", name_ar: "قبل", time_zone: "UTC" })).error).toBeNull();
        r = (await c[who]
          .from("markets")
          .update({ name_en: `by ${who}` })
          .eq("id", id)
          .select()) as Result;
        const nameEn = (await svc.from("markets").select("name_en").eq("id", id).single()).data!.name_en;
        expect(nameEn).toBe(outcome === "rows" ? `by ${who}` : "Before");
      } else if (name === "leads") {
        // The status (one of the two columns granted), on a lead that is "new".
        expect((await svc.from("leads").update({ status: "new" }).eq("id", seed.lead)).error).toBeNull();
        r = (await c[who].from("leads").update({ status: "contacted" }).eq("id", seed.lead).select()) as Result;
        const status = (await svc.from("leads").select("status").eq("id", seed.lead).single()).data!.status;
        expect(status).toBe(outcome === "rows" ? "contacted" : "new");
      } else if (name === "lead_notes") {
        // The caller's own note (the owner's, for the anonymous visitor and the stranger); the text only.
        r = await updateNote(who, who === "anon" || who === "user" ? "owner" : who);
      } else if (name === "post_autosaves") {
        // Every autosave of the seed post the caller can reach: their own, never another member's.
        r = (await c[who]
          .from("post_autosaves")
          .update({ fields: { by: who } })
          .eq("post_id", seed.post)
          .select()) as Result;
        const changed = (await svc.from("post_autosaves").select("author_id").eq("post_id", seed.post).eq("fields->>by", who)).data!;
        expect(changed.map((a) => a.author_id)).toEqual(outcome === "rows" ? [ids[who]] : []);
      } else if (name === "post_preview_links") {
        // Revoking (revoked_at is the one column granted) a live link.
        const link = (
          await svc
            .from("post_preview_links")
            .insert(sample.post_preview_links!() as never)
            .select("id")
            .single()
        ).data as { id: string };
        r = (await c[who].from("post_preview_links").update({ revoked_at: new Date().toISOString() }).eq("id", link.id).select()) as Result;
        const revoked = (await svc.from("post_preview_links").select("revoked_at").eq("id", link.id).single()).data!.revoked_at;
        expect(revoked !== null, `${name}.update as ${who}`).toBe(outcome === "rows");
      } else {
        const col = stamp(name);
        r = (await c[who]
          .from(table(name))
          .update({ [col]: stampValue(name) } as never)
          .neq(col as never, never(name))
          .select()) as Result;
      }
      expectCell(who, outcome, r, rowsOf(r), `${name}.update`);
    });

    it.each(WHO)("delete as %s", async (who) => {
      const outcome = RULES[name]!.delete[who];
      if (name === "blog_posts") {
        const target = (await svc.from("blog_posts").insert(newPost(true)).select().single()).data!;
        const r = (await c[who].from("blog_posts").delete().eq("id", target.id).select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        expect((await svc.from("blog_posts").select("id").eq("id", target.id)).data).toHaveLength(outcome === "rows" ? 0 : 1);
        return;
      }
      if (name === "administrators") {
        const target = await addMember(`matrix-removed-${who}@example.com`, "matrix removed password 1", "editor");
        const r = (await c[who].from("administrators").delete().eq("user_id", target).select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        expect((await svc.from("administrators").select("user_id").eq("user_id", target)).data).toHaveLength(outcome === "rows" ? 0 : 1);
        return;
      }
      if (name === "newsletter_issues") {
        const target = (
          await svc
            .from("newsletter_issues")
            .insert({ language: "en", subject: "Matrix issue", body_html: "<p>Matrix</p>" })
            .select("id")
            .single()
        ).data!;
        const r = (await c[who].from("newsletter_issues").delete().eq("id", target.id).select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        expect((await svc.from("newsletter_issues").select("id").eq("id", target.id)).data).toHaveLength(outcome === "rows" ? 0 : 1);
        return;
      }
      if (name === "markets") {
        const id = newMarketId();
        expect((await svc.from("markets").insert({ id, name_en: "Gone", name_ar: "محذوف", time_zone: "UTC" })).error).toBeNull();
        const r = (await c[who].from("markets").delete().eq("id", id).select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        expect((await svc.from("markets").select("id").eq("id", id)).data).toHaveLength(outcome === "rows" ? 0 : 1);
        return;
      }
      if (name === "post_preview_links" || name === "blog_post_slugs") {
        const key = name === "post_preview_links" ? "id" : "slug";
        const target = (
          await svc
            .from(table(name))
            .insert(sample[name]!() as never)
            .select(key as "id")
            .single()
        ).data as unknown as Record<string, string>;
        const r = (await c[who]
          .from(table(name))
          .delete()
          .eq(key as "id", target[key]!)
          .select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        expect(
          (
            await svc
              .from(table(name))
              .select(key as "id")
              .eq(key as "id", target[key]!)
          ).data,
        ).toHaveLength(outcome === "rows" ? 0 : 1);
        return;
      }
      const own = OWN[name];
      if (own) {
        // A row of the caller's own and one of another member's: only the caller's own may go.
        const mine = who === "anon" || who === "user" ? null : ids[who];
        const theirs = ids[otherThan(who)];
        const post = (await svc.from("blog_posts").insert(newPost()).select("id").single()).data!.id;
        const key = name === "post_autosaves" ? "post_id" : "id";
        const made: string[] = [];
        for (const user of mine ? [mine, theirs] : [theirs]) {
          const row =
            name === "post_autosaves"
              ? { post_id: post, author_id: user, base_version: 1, fields: {} }
              : { user_id: user, name: `Matrix ${randomUUID().slice(0, 8)}`, query: "status=new" };
          const ins = (await svc
            .from(table(name))
            .insert(row as never)
            .select(key as "id")
            .single()) as Result;
          expect(ins.error).toBeNull();
          made.push((ins.data as Record<string, string>)[key]!);
        }
        const r = (await c[who]
          .from(table(name))
          .delete()
          .in(key as "id", made)
          .select()) as Result;
        expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
        const left = ((
          await svc
            .from(table(name))
            .select(own as "id")
            .in(key as "id", made)
        ).data ?? []) as unknown as Record<string, string>[];
        expect(left.map((row) => row[own]).sort(), `${name}.delete as ${who}`).toEqual(
          (outcome === "rows" ? [theirs] : mine ? [mine, theirs] : [theirs]).sort(),
        );
        if (outcome === "rows") expect((r.data as Record<string, string>[]).map((row) => row[own])).toEqual([mine]);
        return;
      }
      const before = (await svc.from(table(name)).select("*", { count: "exact", head: true })).count;
      const r = (await c[who]
        .from(table(name))
        .delete()
        .neq(stamp(name) as never, never(name))
        .select()) as Result;
      expectCell(who, outcome, r, rowsOf(r), `${name}.delete`);
      expect((await svc.from(table(name)).select("*", { count: "exact", head: true })).count).toBe(before);
    });
  });

  // --------------------------------------------------------------------------- details by role
  it("audit events: owners read every kind, editors only post events, sales only lead and mail events", async () => {
    const kinds = async (who: Who) =>
      new Set(((await c[who].from("audit_events").select("event_type")).data ?? []).map((e) => e.event_type));
    const owner = await kinds("owner");
    expect(owner.has("admin_sign_in")).toBe(true);
    expect(owner.has("blog_post")).toBe(true);
    expect([...(await kinds("editor"))]).toEqual(["blog_post"]);
    expect([...(await kinds("sales"))].every((k) => ["personal_data_erased", "mail_retried"].includes(k))).toBe(true);
    expect((await kinds("sales")).size).toBeGreaterThan(0);
  });

  it("lead notes: an owner edits anyone's note, a sales person only their own; nobody else edits one", async () => {
    expect(rowsOf(await updateNote("owner", "sales"))).toBe(1);
    expect(rowsOf(await updateNote("sales", "owner"))).toBe(0);
    expect(rowsOf(await updateNote("editor", "sales"))).toBe(0);
    // Only the text is granted: not the author, nor the lead.
    for (const who of ["owner", "sales"] as const) {
      const r = (await c[who]
        .from("lead_notes")
        .update({ author_id: ids[otherThan(who)] } as never)
        .eq("author_id", ids[who])
        .select()) as Result;
      expectCell(who, "denied", r, 0, "lead_notes.update of author_id");
    }
  });

  it("leads: only the status and the owner change through the API", async () => {
    for (const who of ["owner", "sales"] as const) {
      const r = (await c[who]
        .from("leads")
        .update({ email: `forged-${who}@example.com` } as never)
        .eq("id", seed.lead)
        .select()) as Result;
      expectCell(who, "denied", r, 0, "leads.update of email");
    }
    const r = await c.sales.from("leads").update({ owner_id: ids.sales }).eq("id", seed.lead).select("owner_id");
    expect(r.data).toEqual([{ owner_id: ids.sales }]);
  });

  it("preview links: the API writes the post, the token's hash, the expiry and its maker, not when or by whom it was made", async () => {
    // A link made "in 2100" would pass the 30-day check and work for years; a forged maker would mislead the list.
    for (const forged of [
      { created_at: "2100-01-01T00:00:00Z", expires_at: "2100-01-30T00:00:00Z" },
      { created_by_email: "someone-else@example.com" },
    ]) {
      for (const who of ["owner", "editor"] as const) {
        const r = (await c[who]
          .from("post_preview_links")
          .insert({ ...sample.post_preview_links!(), ...forged } as never)
          .select()) as Result;
        expectCell(who, "denied", r, 0, `post_preview_links.insert of ${Object.keys(forged).join(", ")}`);
      }
    }
    const made = await c.editor
      .from("post_preview_links")
      .insert({ ...sample.post_preview_links!(), created_by: ids.editor } as never)
      .select("created_by, created_by_email")
      .single();
    expect(made.data).toEqual({ created_by: ids.editor, created_by_email: EDITOR.email });
  });

  // ----------------------------------------------------------------------------- blog_post_slugs
  describe("blog_post_slugs", () => {
    const posts: Record<"live" | "draft", string> = { live: "", draft: "" };
    beforeAll(async () => {
      for (const kind of ["live", "draft"] as const) {
        const p = newPost(kind === "live");
        const ins = await c.owner.from("blog_posts").insert(p).select("id").single();
        expect(ins.error).toBeNull();
        posts[kind] = ins.data!.id;
        expect(
          (
            await c.owner
              .from("blog_posts")
              .update({ slug: `${p.slug}-renamed` })
              .eq("id", posts[kind])
          ).error,
        ).toBeNull();
      }
    });
    const denied = (who: Who, r: Result) => expectCell(who, "denied", r, 0, "blog_post_slugs");

    it("select: everyone reads the earlier slugs of visible posts; owners and editors also those of drafts", async () => {
      for (const who of ["anon", "user", "sales"] as const) {
        const r = await c[who].from("blog_post_slugs").select("post_id").in("post_id", [posts.live, posts.draft]);
        expect(r.error, who).toBeNull();
        expect(
          r.data!.map((h) => h.post_id),
          who,
        ).toEqual([posts.live]);
      }
      for (const who of ["owner", "editor"] as const) {
        const r = await c[who].from("blog_post_slugs").select("post_id").in("post_id", [posts.live, posts.draft]);
        expect(r.data!.map((h) => h.post_id).sort(), who).toEqual([posts.live, posts.draft].sort());
      }
    });

    it("insert and update: nobody through the API (the trigger writes history)", async () => {
      for (const who of WHO) {
        denied(
          who,
          (await c[who]
            .from("blog_post_slugs")
            .insert({ language: "ar", slug: `forged-${randomUUID().slice(0, 6)}`, post_id: posts.live })) as Result,
        );
        denied(who, (await c[who].from("blog_post_slugs").update({ post_id: posts.draft }).eq("post_id", posts.live)) as Result);
      }
    });

    it("delete: only owners and editors", async () => {
      denied("anon", (await c.anon.from("blog_post_slugs").delete().eq("post_id", posts.live)) as Result);
      for (const who of ["user", "sales"] as const) {
        const r = await c[who].from("blog_post_slugs").delete().eq("post_id", posts.live).select();
        expect(r.data ?? [], who).toEqual([]);
      }
      expect((await svc.from("blog_post_slugs").select("slug").eq("post_id", posts.live)).data).toHaveLength(1);
      const e = await c.editor.from("blog_post_slugs").delete().eq("post_id", posts.live).select("post_id");
      expect(e.data).toEqual([{ post_id: posts.live }]);
    });
  });

  it("owners cannot change or remove their own entry", async () => {
    const u = await c.owner
      .from("administrators")
      .update({ role: "sales" } as never)
      .eq("user_id", ids.owner)
      .select();
    expect(u.data).toEqual([]);
    const d = await c.owner.from("administrators").delete().eq("user_id", ids.owner).select();
    expect(d.data).toEqual([]);
  });

  it("team_members(): members read the team with emails and status; others get nothing", async () => {
    for (const who of ["owner", "editor", "sales"] as const) {
      const r = await c[who].rpc("team_members");
      expect(r.error, who).toBeNull();
      const emails = r.data!.map((m) => m.email);
      expect(emails, who).toEqual(expect.arrayContaining([ADMIN_EMAIL, EDITOR.email, SALES.email]));
    }
    const u = await c.user.rpc("team_members");
    expect(u.data).toEqual([]);
    expect((await c.anon.rpc("team_members")).error?.code).toBe("42501");
  });

  it("retry_mail and erase_personal_data: owners and sales only", async () => {
    for (const who of WHO) {
      const r = await c[who].rpc("erase_personal_data" as never, { p_email: "nobody-at-all@example.com" } as never);
      if (who === "owner" || who === "sales") expect(r.error, who).toBeNull();
      else expect(r.error?.code, who).toBe("42501");
      const m = await c[who].rpc("retry_mail" as never, { p_id: randomUUID() } as never);
      // Allowed callers reach the "nothing to retry" check; others are refused before it.
      expect(m.error?.code, who).toBe(who === "owner" || who === "sales" ? "P0002" : "42501");
    }
  });

  it("lead_counts(): zeros for editors (RLS applies inside)", async () => {
    const e = await c.editor.rpc("lead_counts");
    expect(e.data!.every((r) => Number(r.total) === 0)).toBe(true);
    const s = await c.sales.rpc("lead_counts");
    expect(s.data!.some((r) => Number(r.total) > 0)).toBe(true);
  });

  // ------------------------------------------------------------------------- blog-images bucket
  describe("storage:blog-images", () => {
    const rules = RULES["storage:blog-images"]!;

    it.each(WHO)("select (list) as %s; everyone downloads by exact public path", async (who) => {
      const l = await c[who].storage.from("blog-images").list("matrix");
      expect(l.error, who).toBeNull();
      const names = (l.data ?? []).map((o) => o.name);
      if (rules.select[who] === "rows") expect(names, who).toContain("existing.png");
      else expect(names, who).toEqual([]);
      const res = await fetch(`${srv.url}/storage/v1/object/public/blog-images/matrix/existing.png`);
      expect(res.status).toBe(200);
    });

    it.each(WHO)("insert (upload) as %s", async (who) => {
      const r = await c[who].storage.from("blog-images").upload(`matrix/new-${who}.png`, PNG_1PX, { contentType: "image/png" });
      if (rules.insert[who] === "rows") expect(r.error, who).toBeNull();
      else expect((r.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
    });

    it.each(WHO)("update (replace) as %s", async (who) => {
      const r = await c[who].storage.from("blog-images").upload("matrix/existing.png", PNG_1PX, { contentType: "image/png", upsert: true });
      if (rules.update[who] === "rows") expect(r.error, who).toBeNull();
      else expect((r.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
    });

    it.each(WHO)("delete (remove) as %s", async (who) => {
      const path = `matrix/delete-${who}.png`;
      expect((await svc.storage.from("blog-images").upload(path, PNG_1PX, { contentType: "image/png" })).error).toBeNull();
      const r = await c[who].storage.from("blog-images").remove([path]);
      expect(r.error, who).toBeNull();
      const gone = (await fetch(`${srv.url}/storage/v1/object/public/blog-images/${path}`)).status === 404;
      expect(gone, who).toBe(rules.delete[who] === "rows");
      expect((r.data ?? []).length, who).toBe(rules.delete[who] === "rows" ? 1 : 0);
    });
  });

  // ------------------------------------------------------------------------- demo-recordings bucket
  describe("storage:demo-recordings", () => {
    const rules = RULES["storage:demo-recordings"]!;
    const bucket = (who: Who) => c[who].storage.from("demo-recordings");

    it.each(WHO)("select (list and download) as %s; no public download", async (who) => {
      const l = await bucket(who).list("matrix");
      expect(l.error, who).toBeNull();
      const names = (l.data ?? []).map((o) => o.name);
      const d = await bucket(who).download("matrix/existing.mp3");
      if (rules.select[who] === "rows") {
        expect(names, who).toContain("existing.mp3");
        expect(Buffer.from(await d.data!.arrayBuffer()).equals(MP3), who).toBe(true);
      } else {
        expect(names, who).toEqual([]);
        expect(d.data, who).toBeNull();
      }
      const res = await fetch(`${srv.url}/storage/v1/object/public/demo-recordings/matrix/existing.mp3`);
      expect(res.status).toBe(400);
    });

    it.each(WHO)("insert (upload) as %s", async (who) => {
      const r = await bucket(who).upload(`matrix/new-${who}.mp3`, MP3, { contentType: "audio/mpeg" });
      expect(rules.insert[who]).toBe("denied");
      expect((r.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
    });

    it.each(WHO)("update (replace) as %s", async (who) => {
      const r = await bucket(who).upload("matrix/existing.mp3", MP3, { contentType: "audio/mpeg", upsert: true });
      expect(rules.update[who]).toBe("denied");
      expect((r.error as unknown as { statusCode: string } | null)?.statusCode, who).toBe("403");
    });

    it.each(WHO)("delete (remove) as %s", async (who) => {
      const name = `matrix/delete-${who}.mp3`;
      await storeRecording(srv.api.db, { name, data: MP3, mime: "audio/mpeg", receivedAt: new Date(), details: {} });
      const r = await bucket(who).remove([name]);
      expect(r.error, who).toBeNull();
      const left = await srv.api.db.query("select 1 from storage.objects where bucket_id = 'demo-recordings' and name = $1", [name]);
      expect(left.rows.length === 0, who).toBe(rules.delete[who] === "rows");
    });
  });

  it("every table of the public schema has row security on and a row in the matrix", async () => {
    const tables = (
      await srv.api.db.query<{ name: string; rls: boolean }>(
        `select c.relname as name, c.relrowsecurity as rls
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p')
         order by 1`,
      )
    ).rows;
    expect(tables.length).toBeGreaterThan(20);
    expect(
      tables.filter((t) => !t.rls).map((t) => t.name),
      "tables without row level security",
    ).toEqual([]);
    const inMatrix = Object.keys(RULES).filter((k) => !k.startsWith("storage:"));
    expect(
      tables.map((t) => t.name).filter((t) => !inMatrix.includes(t)),
      "tables missing from RULES",
    ).toEqual([]);
    expect(
      inMatrix.filter((k) => !tables.some((t) => t.name === k)),
      "RULES entries that are not tables",
    ).toEqual([]);
  });

  it(`covers ${MATRIX_SIZE.roles} callers × ${MATRIX_SIZE.tables} tables (with the buckets) × ${MATRIX_SIZE.operations} operations`, () => {
    // Every table of RULES is exercised by the table cells above (the buckets by their own blocks).
    expect(Object.keys(sample).sort()).toEqual(
      Object.keys(RULES)
        .filter((k) => !k.startsWith("storage:"))
        .sort(),
    );
    // The size docs/product.md states: 31 tables and 2 buckets, 660 cells.
    expect(MATRIX_SIZE).toEqual({ roles: 5, tables: 33, operations: 4 });
  });
});
