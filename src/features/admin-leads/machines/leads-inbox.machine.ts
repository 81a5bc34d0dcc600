/**
 * The leads inbox (issue #6): one page of submissions at a time for the type and date filters and
 * the name/email search, all applied by the database with a true count; open one; export every
 * matching submission (not only the page shown) as CSV (the export is a provided action).
 */
import { assign, fromPromise, setup } from "xstate";
import type { LeadsQuery, SubmissionsPage } from "../api/list-submissions";
import { type LeadFilters, type Submission, noFilters } from "../lib/leads";

export interface LeadsInboxContext {
  filters: LeadFilters;
  search: string;
  page: number;
  rows: Submission[];
  total: number;
  openId: string | null;
  error: string | null;
  exportError: string | null;
}

export type LeadsInboxEvent =
  | { type: "filters.change"; filters: Partial<LeadFilters> }
  | { type: "search.change"; value: string }
  | { type: "page.change"; page: number }
  | { type: "lead.open"; id: string }
  | { type: "lead.close" }
  | { type: "leads.export" }
  | { type: "leads.retry" };

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export const leadsInboxMachine = setup({
  types: {
    context: {} as LeadsInboxContext,
    events: {} as LeadsInboxEvent,
    input: {} as { page?: number } | undefined,
  },
  actors: {
    loadLeads: fromPromise<SubmissionsPage, LeadsQuery & { page: number }>(async () => {
      throw new Error('leads inbox: the "loadLeads" actor was not provided');
    }),
    loadAllLeads: fromPromise<Submission[], LeadsQuery>(async () => {
      throw new Error('leads inbox: the "loadAllLeads" actor was not provided');
    }),
  },
  actions: {
    exportCsv: (_, _params: { rows: Submission[]; filters: LeadFilters }) => {},
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: "leadsInbox",
  context: ({ input }) => ({
    filters: noFilters,
    search: "",
    page: Math.max(1, Math.floor(input?.page ?? 1)),
    rows: [],
    total: 0,
    openId: null,
    error: null,
    exportError: null,
  }),
  initial: "loading",
  on: {
    "filters.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.filters }), page: 1 }),
    },
    "search.change": { target: ".typing", reenter: true, actions: assign({ search: ({ event }) => event.value, page: 1 }) },
    "page.change": { target: ".loading", reenter: true, actions: assign({ page: ({ event }) => Math.max(1, Math.floor(event.page)) }) },
  },
  states: {
    typing: {
      after: { searchDebounce: "loading" },
    },
    loading: {
      invoke: {
        src: "loadLeads",
        input: ({ context }) => ({ filters: context.filters, search: context.search, page: context.page }),
        onDone: {
          target: "ready",
          actions: assign({ rows: ({ event }) => event.output.rows, total: ({ event }) => event.output.total, error: null }),
        },
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
        "leads.export": { target: "exporting" },
      },
    },
    exporting: {
      entry: assign({ exportError: null }),
      invoke: {
        src: "loadAllLeads",
        input: ({ context }) => ({ filters: context.filters, search: context.search }),
        onDone: {
          target: "ready",
          actions: { type: "exportCsv", params: ({ context, event }) => ({ rows: event.output, filters: context.filters }) },
        },
        onError: {
          target: "ready",
          actions: assign({ exportError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
    },
  },
});
