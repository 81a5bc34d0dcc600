/**
 * The leads inbox (issue #6): load submissions for the type and date filters, search by name or email
 * in the loaded rows, open one, export the current view as CSV (the export is a provided action).
 */
import { assign, fromPromise, setup } from "xstate";
import { type LeadFilters, type Submission, matchesSearch, noFilters } from "../lib/leads";

export interface LeadsInboxContext {
  filters: LeadFilters;
  search: string;
  rows: Submission[];
  openId: string | null;
  error: string | null;
}

export type LeadsInboxEvent =
  | { type: "filters.change"; filters: Partial<LeadFilters> }
  | { type: "search.change"; value: string }
  | { type: "lead.open"; id: string }
  | { type: "lead.close" }
  | { type: "leads.export" }
  | { type: "leads.retry" };

export const visibleLeads = (c: Pick<LeadsInboxContext, "rows" | "search">) => c.rows.filter((r) => matchesSearch(r, c.search));

export const leadsInboxMachine = setup({
  types: {
    context: {} as LeadsInboxContext,
    events: {} as LeadsInboxEvent,
  },
  actors: {
    loadLeads: fromPromise<Submission[], LeadFilters>(async () => {
      throw new Error('leads inbox: the "loadLeads" actor was not provided');
    }),
  },
  actions: {
    exportCsv: (_, _params: { rows: Submission[]; filters: LeadFilters }) => {},
  },
}).createMachine({
  id: "leadsInbox",
  context: { filters: noFilters, search: "", rows: [], openId: null, error: null },
  initial: "loading",
  on: {
    "filters.change": {
      target: ".loading",
      actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.filters }) }),
    },
    "search.change": { actions: assign({ search: ({ event }) => event.value }) },
  },
  states: {
    loading: {
      invoke: {
        src: "loadLeads",
        input: ({ context }) => context.filters,
        onDone: { target: "ready", actions: assign({ rows: ({ event }) => event.output, error: null }) },
        onError: {
          target: "failed",
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
    failed: {
      on: { "leads.retry": { target: "loading" } },
    },
    ready: {
      on: {
        "lead.open": { actions: assign({ openId: ({ event }) => event.id }) },
        "lead.close": { actions: assign({ openId: null }) },
        "leads.export": {
          actions: { type: "exportCsv", params: ({ context }) => ({ rows: visibleLeads(context), filters: context.filters }) },
        },
      },
    },
  },
});
