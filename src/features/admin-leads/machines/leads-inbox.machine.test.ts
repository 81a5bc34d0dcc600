import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { LeadFilters, Submission } from "../lib/leads";
import { leadsInboxMachine } from "./leads-inbox.machine";

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

describe("leads inbox machine", () => {
  it("reloads on filter changes, searches loaded rows and exports the visible ones", async () => {
    const asked: LeadFilters[] = [];
    const exported: string[][] = [];
    const rows = [sub("1", "sales_lead", { fullName: "Omar", email: "omar@x.ae" }), sub("2", "newsletter", { email: "n@y.ca" })];
    const actor = createActor(
      leadsInboxMachine.provide({
        actors: {
          loadLeads: fromPromise(async ({ input }) => {
            asked.push(input);
            return input.type === "all" ? rows : rows.filter((r) => r.form_type === input.type);
          }),
        },
        actions: { exportCsv: (_, p) => void exported.push(p.rows.map((r) => r.id)) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches("ready"));
    expect(actor.getSnapshot().context.rows).toHaveLength(2);

    actor.send({ type: "search.change", value: "OMAR" });
    actor.send({ type: "leads.export" });
    expect(exported).toEqual([["1"]]);

    actor.send({ type: "filters.change", filters: { type: "newsletter", from: "2026-03-01" } });
    expect(actor.getSnapshot().value).toBe("loading");
    await waitFor(actor, (s) => s.matches("ready"));
    expect(asked.at(-1)).toEqual({ type: "newsletter", from: "2026-03-01", to: "" });
    actor.send({ type: "search.change", value: "" });
    actor.send({ type: "leads.export" });
    expect(exported.at(-1)).toEqual(["2"]);

    actor.send({ type: "lead.open", id: "2" });
    expect(actor.getSnapshot().context.openId).toBe("2");
  });
});
