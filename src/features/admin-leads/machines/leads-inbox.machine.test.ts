import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { LeadsQuery } from "../api/list-submissions";
import { type Submission, leadEmail, leadName } from "../lib/leads";
import { SEARCH_DEBOUNCE_MS, leadsInboxMachine } from "./leads-inbox.machine";

const sub = (id: string, type: Submission["form_type"], payload: Record<string, unknown>): Submission => ({
  id,
  form_type: type,
  payload,
  page_path: "/",
  locale: "ar",
  time_zone: "Asia/Dubai",
  user_agent: null,
  submission_id: id,
  created_at: "2026-03-01T10:00:00Z",
});

/** 120 stored leads; the fake "database" filters, searches and pages like the real query. */
const stored = Array.from({ length: 120 }, (_, i) =>
  sub(String(i), i % 2 ? "newsletter" : "sales_lead", { fullName: i === 5 ? "Omar Haddad" : `Lead ${i}`, email: `l${i}@x.ae` }),
);
const select = (q: LeadsQuery) =>
  stored
    .filter((r) => q.filters.type === "all" || r.form_type === q.filters.type)
    .filter((r) => !q.search || `${leadName(r)} ${leadEmail(r)}`.toLowerCase().includes(q.search.toLowerCase()));

function inbox(page = 1) {
  const asked: (LeadsQuery & { page: number })[] = [];
  const exported: string[][] = [];
  const actor = createActor(
    leadsInboxMachine.provide({
      actors: {
        loadLeads: fromPromise(async ({ input }) => {
          asked.push(input);
          const all = select(input);
          return { rows: all.slice((input.page - 1) * 50, input.page * 50), total: all.length };
        }),
        loadAllLeads: fromPromise(async ({ input }) => select(input)),
      },
      actions: { exportCsv: (_, p) => void exported.push(p.rows.map((r) => r.id)) },
    }),
    { input: { page } },
  ).start();
  return { actor, asked, exported };
}

describe("leads inbox machine", () => {
  it("loads one page with the true total, pages on request, and starts on the page it is given", async () => {
    const { actor, asked } = inbox(2);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked[0]).toEqual({ filters: { type: "all", from: "", to: "" }, search: "", page: 2 });
    expect(actor.getSnapshot().context.rows.map((r) => r.id)[0]).toBe("50");
    expect(actor.getSnapshot().context.total).toBe(120);
    actor.send({ type: "page.change", page: 3 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.rows).toHaveLength(20);
  });

  it("filters and searches on the server from page 1; the search waits for a pause in typing", async () => {
    vi.useFakeTimers();
    try {
      const { actor, asked } = inbox(3);
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      actor.send({ type: "filters.change", filters: { type: "newsletter", from: "2026-03-01" } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      expect(asked.at(-1)).toEqual({ filters: { type: "newsletter", from: "2026-03-01", to: "" }, search: "", page: 1 });
      expect(actor.getSnapshot().context.total).toBe(60);
      const before = asked.length;
      actor.send({ type: "filters.change", filters: { type: "all" } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      actor.send({ type: "search.change", value: "om" });
      actor.send({ type: "search.change", value: "omar" });
      expect(asked.length).toBe(before + 1);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      expect(asked.length).toBe(before + 2);
      expect(asked.at(-1)!.search).toBe("omar");
      expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual(["5"]);
      expect(actor.getSnapshot().context.total).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("exports every matching lead, not only the page shown", async () => {
    const { actor, exported } = inbox();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "leads.export" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(exported[0]).toHaveLength(120);
    actor.send({ type: "filters.change", filters: { type: "sales_lead" } });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "leads.export" });
    await waitFor(actor, (s) => s.matches("ready") && exported.length === 2);
    expect(exported[1]).toHaveLength(60);
    actor.send({ type: "lead.open", id: "2" });
    expect(actor.getSnapshot().context.openId).toBe("2");
  });
});
