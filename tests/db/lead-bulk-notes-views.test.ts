/**
 * Working many leads at once (docs/leads.md): editing notes (author, or an owner), the inbox's bulk
 * update (public.leads_bulk_update) and saved views (public.lead_saved_views), × who asks, through the
 * real supabase-js over HTTP, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, USER_EMAIL, USER_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";
import type { Database } from "../../src/lib/database.types.ts";
import { backends } from "../support/backends.ts";

type Who = "anon" | "user" | "editor" | "sales" | "sales2" | "owner";
type Client = SupabaseClient<Database>;

const PASSWORD = "a long member password 42";

describe.each(backends)("lead notes, bulk changes and saved views on $name", (backend) => {
  let srv: TestServer;
  let teardown: () => Promise<void>;
  const c = {} as Record<Who, Client>;
  const ids = {} as Record<"owner" | "sales" | "sales2" | "editor", string>;
  let svc: Client;

  async function newLead(name: string): Promise<string> {
    const submissionId = randomUUID();
    const ins = await svc.from("form_submissions").insert({
      submission_id: submissionId,
      form_type: "sales_lead",
      locale: "en",
      payload: { fullName: name, email: `${randomUUID().slice(0, 8)}@example.com` },
    });
    expect(ins.error).toBeNull();
    const id = (await svc.from("form_submissions").select("lead_id").eq("submission_id", submissionId).single()).data!.lead_id!;
    expect((await svc.from("leads").update({ owner_id: null }).eq("id", id)).error).toBeNull();
    return id;
  }

  beforeAll(async () => {
    const b = await backend.setup();
    teardown = b.teardown;
    srv = await startServer({ databaseUrl: b.databaseUrl, env: b.env });
    svc = srv.client(srv.api.serviceRoleKey);
    const { ensureUser } = await import("../../server/api/users.ts");
    for (const [email, role, key] of [
      ["bulk-sales@example.com", "sales", "sales"],
      ["bulk-sales2@example.com", "sales", "sales2"],
      ["bulk-editor@example.com", "editor", "editor"],
    ] as const) {
      const u = await srv.api.db.transaction((tx) => ensureUser(tx, email, PASSWORD, { admin: false }));
      ids[key] = u.id;
      expect((await svc.from("administrators").insert({ user_id: u.id, role })).error).toBeNull();
      c[key] = (await signedIn(srv, email, PASSWORD)).client;
    }
    c.anon = srv.client();
    c.user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    const owner = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
    c.owner = owner.client;
    ids.owner = owner.session.user.id;
  });

  afterAll(async () => {
    await srv?.close();
    await teardown?.();
  });

  describe("notes", () => {
    it("the author edits their note: the edit is stamped and the timeline shows the new text", async () => {
      const lead = await newLead("Note Author");
      const added = await c.sales.from("lead_notes").insert({ lead_id: lead, body: "Call on Sunday" }).select("id, edited_at").single();
      expect(added.error).toBeNull();
      expect(added.data!.edited_at).toBeNull();
      const edited = await c.sales.from("lead_notes").update({ body: "Call on Monday" }).eq("id", added.data!.id).select().single();
      expect(edited.error).toBeNull();
      expect(edited.data!.body).toBe("Call on Monday");
      expect(edited.data!.edited_at).not.toBeNull();
      expect(edited.data!.edited_by).toBe(ids.sales);
      const events = (await svc.from("lead_events").select("kind, detail, note_id").eq("lead_id", lead).eq("kind", "note_added")).data!;
      expect(events).toEqual([{ kind: "note_added", detail: "Call on Monday", note_id: added.data!.id }]);
    });

    it("another sales person, an editor or a non-member cannot edit it; an owner can; anon is refused", async () => {
      const lead = await newLead("Note Others");
      const note = (await c.sales.from("lead_notes").insert({ lead_id: lead, body: "Original" }).select("id").single()).data!.id;
      for (const who of ["sales2", "editor", "user"] as const) {
        const r = await c[who]
          .from("lead_notes")
          .update({ body: `by ${who}` })
          .eq("id", note)
          .select();
        expect(r.error, who).toBeNull();
        expect(r.data, who).toEqual([]);
      }
      const anon = await c.anon.from("lead_notes").update({ body: "by anon" }).eq("id", note);
      expect(anon.status).toBe(401);
      expect((await svc.from("lead_notes").select("body, edited_at").eq("id", note).single()).data).toEqual({
        body: "Original",
        edited_at: null,
      });
      const byOwner = await c.owner
        .from("lead_notes")
        .update({ body: "Fixed by the owner" })
        .eq("id", note)
        .select("body, edited_by")
        .single();
      expect(byOwner.error).toBeNull();
      expect(byOwner.data).toEqual({ body: "Fixed by the owner", edited_by: ids.owner });
    });

    it("only the text can change, and an empty text is refused with 400", async () => {
      const lead = await newLead("Note Columns");
      const note = (await c.sales.from("lead_notes").insert({ lead_id: lead, body: "Text" }).select("id").single()).data!.id;
      const author = await c.sales.from("lead_notes").update({ author_id: ids.sales2 }).eq("id", note);
      expect(author.error?.code).toBe("42501");
      const stamp = await c.sales.from("lead_notes").update({ edited_at: null }).eq("id", note);
      expect(stamp.error?.code).toBe("42501");
      const empty = await c.sales.from("lead_notes").update({ body: "   " }).eq("id", note);
      expect(empty.status).toBe(400);
      expect((await svc.from("lead_notes").select("body").eq("id", note).single()).data!.body).toBe("Text");
    });
  });

  describe("bulk update", () => {
    it("a sales person moves several leads to a status and gives them to someone; each change is on its lead's timeline", async () => {
      const leads = [await newLead("Bulk One"), await newLead("Bulk Two"), await newLead("Bulk Three")];
      const r = await c.sales.rpc("leads_bulk_update", { p_ids: leads, p_status: "contacted", p_owner_id: ids.sales2 });
      expect(r.error).toBeNull();
      expect(r.data).toBe(3);
      const rows = (await svc.from("leads").select("status, owner_id").in("id", leads)).data!;
      expect(rows).toEqual(leads.map(() => ({ status: "contacted", owner_id: ids.sales2 })));
      for (const id of leads) {
        const ev = (
          await svc
            .from("lead_events")
            .select("kind, actor_id, from_value, to_value")
            .eq("lead_id", id)
            .in("kind", ["status_changed", "owner_changed"])
            .order("kind")
        ).data!;
        expect(ev).toEqual([
          { kind: "owner_changed", actor_id: ids.sales, from_value: null, to_value: "bulk-sales2@example.com" },
          { kind: "status_changed", actor_id: ids.sales, from_value: "new", to_value: "contacted" },
        ]);
      }
      // Leads already so are left alone (no new timeline entry); unassign takes them back.
      const again = await c.owner.rpc("leads_bulk_update", { p_ids: leads, p_status: "contacted" });
      expect(again.data).toBe(0);
      const un = await c.owner.rpc("leads_bulk_update", { p_ids: leads, p_unassign: true });
      expect(un.data).toBe(3);
      expect((await svc.from("leads").select("owner_id").in("id", leads)).data!.every((l) => l.owner_id === null)).toBe(true);
    });

    it("an editor or a non-member is refused (403) and anon (401); nothing changes", async () => {
      const lead = await newLead("Bulk Refused");
      for (const who of ["editor", "user", "anon"] as const) {
        const r = await c[who].rpc("leads_bulk_update", { p_ids: [lead], p_status: "spam" });
        expect(r.error?.code, who).toBe("42501");
        expect(r.status, who).toBe(who === "anon" ? 401 : 403);
      }
      expect((await svc.from("leads").select("status").eq("id", lead).single()).data!.status).toBe("new");
    });

    it("giving leads to someone who cannot own leads changes none of them (400)", async () => {
      const leads = [await newLead("Bulk Atomic A"), await newLead("Bulk Atomic B")];
      const r = await c.sales.rpc("leads_bulk_update", { p_ids: leads, p_status: "qualified", p_owner_id: ids.editor });
      expect(r.status).toBe(400);
      expect(r.error?.code).toBe("23514");
      const rows = (await svc.from("leads").select("status, owner_id").in("id", leads)).data!;
      expect(rows).toEqual([
        { status: "new", owner_id: null },
        { status: "new", owner_id: null },
      ]);
    });

    it("bad input is a 400 and stores nothing", async () => {
      const lead = await newLead("Bulk Bad");
      const cases = [
        { p_ids: [], p_status: "won" },
        { p_ids: [lead] },
        { p_ids: [lead], p_owner_id: ids.sales, p_unassign: true },
        { p_ids: [lead], p_status: "sold" },
        { p_ids: Array.from({ length: 501 }, () => randomUUID()), p_status: "won" },
      ];
      for (const args of cases) {
        const r = await c.owner.rpc("leads_bulk_update", args);
        expect(r.status, JSON.stringify(args).slice(0, 80)).toBe(400);
      }
      expect((await svc.from("leads").select("status, owner_id").eq("id", lead).single()).data).toEqual({ status: "new", owner_id: null });
    });
  });

  describe("saved views", () => {
    it("each member who works leads saves, lists and deletes their own views; nobody sees another's", async () => {
      const mine = await c.sales.from("lead_saved_views").insert({ name: "Overdue UAE", query: "overdue=1&country=UAE" }).select().single();
      expect(mine.error).toBeNull();
      expect(mine.data!.user_id).toBe(ids.sales);
      expect((await c.owner.from("lead_saved_views").insert({ name: "Overdue UAE", query: "overdue=1" })).error).toBeNull();
      const listed = await c.sales.from("lead_saved_views").select("name, query");
      expect(listed.data).toEqual([{ name: "Overdue UAE", query: "overdue=1&country=UAE" }]);
      expect((await c.sales2.from("lead_saved_views").select("*")).data).toEqual([]);
      // Another member cannot delete it; its owner can.
      const other = await c.sales2.from("lead_saved_views").delete().eq("id", mine.data!.id).select();
      expect(other.data).toEqual([]);
      const ownerDel = await c.owner.from("lead_saved_views").delete().eq("id", mine.data!.id).select();
      expect(ownerDel.data).toEqual([]);
      const del = await c.sales.from("lead_saved_views").delete().eq("id", mine.data!.id).select();
      expect(del.data!.length).toBe(1);
    });

    it("an editor, a non-member and anon cannot save views; nobody saves one as someone else", async () => {
      for (const who of ["editor", "user"] as const) {
        const r = await c[who].from("lead_saved_views").insert({ name: "Mine", query: "status=new" });
        expect(r.error?.code, who).toBe("42501");
        expect(r.status, who).toBe(403);
      }
      expect((await c.anon.from("lead_saved_views").insert({ name: "Mine", query: "status=new" })).status).toBe(401);
      const forged = await c.sales.from("lead_saved_views").insert({ name: "Forged", query: "status=new", user_id: ids.owner } as never);
      expect(forged.error?.code).toBe("42501");
      expect((await svc.from("lead_saved_views").select("*", { count: "exact", head: true }).eq("name", "Forged")).count).toBe(0);
    });

    it("a duplicate name, an empty name or a query with other characters is refused with 4xx", async () => {
      expect((await c.sales.from("lead_saved_views").insert({ name: "Won", query: "status=won" })).error).toBeNull();
      expect((await c.sales.from("lead_saved_views").insert({ name: "Won", query: "status=won" })).status).toBe(409);
      expect((await c.sales.from("lead_saved_views").insert({ name: "  ", query: "status=won" })).status).toBe(400);
      expect((await c.sales.from("lead_saved_views").insert({ name: "Bad", query: "status=won<script>" })).status).toBe(400);
      expect((await c.sales.from("lead_saved_views").insert({ name: "x".repeat(61), query: "" })).status).toBe(400);
    });
  });
});
