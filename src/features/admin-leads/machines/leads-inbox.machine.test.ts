import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { type Lead, type LeadQuery, defaultLeadQuery } from "../lib/pipeline";
import { sampleLead } from "../lib/sample-lead.test-support";
import { SEARCH_DEBOUNCE_MS, leadsInboxMachine } from "./leads-inbox.machine";

const lead = (i: number): Lead =>
  sampleLead({
    id: String(i),
    full_name: i === 5 ? "Omar Haddad" : `Lead ${i}`,
    email: `l${i}@x.ae`,
    country: i % 3 ? "UAE" : "Saudi Arabia",
    locale: "ar",
    status: i % 10 === 0 ? "spam" : i % 2 ? "new" : "won",
    source_page_path: "/contact",
    overdue: i % 2 === 1,
  });

/** 120 stored leads; the fake "database" filters, searches and pages like the real query. */
const stored = Array.from({ length: 120 }, (_, i) => lead(i));
const select = (q: LeadQuery) =>
  stored
    .filter((r) => (q.status === "" ? r.status !== "spam" : q.status === "any" || r.status === q.status))
    .filter((r) => !q.overdue || r.overdue)
    .filter((r) => !q.q || `${r.full_name} ${r.email}`.toLowerCase().includes(q.q.toLowerCase()));

function inbox(query: Partial<LeadQuery> = {}) {
  const asked: LeadQuery[] = [];
  const exported: string[][] = [];
  let fail = false;
  const actor = createActor(
    leadsInboxMachine.provide({
      actors: {
        loadLeads: fromPromise(async ({ input }) => {
          asked.push(input);
          if (fail) throw new Error("database down");
          const all = select(input);
          return { rows: all.slice((input.page - 1) * 50, input.page * 50), total: all.length };
        }),
        loadAllLeads: fromPromise(async ({ input }) => select(input)),
      },
      actions: { exportCsv: (_, p) => void exported.push(p.rows.map((r) => r.id)) },
    }),
    { input: { query: { ...defaultLeadQuery, ...query } } },
  ).start();
  return { actor, asked, exported, failNext: (v: boolean) => (fail = v) };
}

describe("leads inbox machine", () => {
  it("starts with the query from the address and hides spam by default", async () => {
    const { actor, asked } = inbox({ page: 2 });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked[0]).toEqual({ ...defaultLeadQuery, page: 2 });
    expect(actor.getSnapshot().context.total).toBe(108);
    expect(actor.getSnapshot().context.rows.every((r) => r.status !== "spam")).toBe(true);
  });

  it("a filter change goes back to page 1; the search waits for a pause in typing", async () => {
    vi.useFakeTimers();
    try {
      const { actor, asked } = inbox({ page: 2 });
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      actor.send({ type: "query.change", query: { overdue: true } });
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      expect(asked.at(-1)).toMatchObject({ overdue: true, page: 1 });
      expect(actor.getSnapshot().context.total).toBe(60);
      actor.send({ type: "search.change", value: "om" });
      actor.send({ type: "search.change", value: "omar" });
      expect(actor.getSnapshot().matches("typing")).toBe(true);
      const before = asked.length;
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
      expect(asked.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(actor.getSnapshot().matches("ready")).toBe(true));
      expect(asked.length).toBe(before + 1);
      expect(asked.at(-1)).toMatchObject({ q: "omar", overdue: true, page: 1 });
      expect(actor.getSnapshot().context.rows.map((r) => r.full_name)).toEqual(["Omar Haddad"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("replaces the whole query when the address changes, and reloads on request", async () => {
    const { actor, asked } = inbox();
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "query.replace", query: { ...defaultLeadQuery, status: "spam" } });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.total).toBe(12);
    actor.send({ type: "leads.reload" });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked.at(-1)).toEqual({ ...defaultLeadQuery, status: "spam" });
    expect(asked).toHaveLength(3);
  });

  it("fails visibly and retries; exports every match, not just the page", async () => {
    const { actor, exported, failNext } = inbox();
    await waitFor(actor, (s) => s.matches("ready"));
    failNext(true);
    actor.send({ type: "page.change", page: 2 });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(actor.getSnapshot().context.error).toBe("database down");
    failNext(false);
    actor.send({ type: "leads.retry" });
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "leads.export" });
    await waitFor(actor, (s) => s.matches("ready") && exported.length === 1);
    expect(exported[0]).toHaveLength(108);
  });
});
