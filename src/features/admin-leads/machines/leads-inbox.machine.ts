/**
 * The leads inbox (docs/leads.md): one page of leads (people) at a time for the query in the address
 * (status, owner, form, country, source page, dates, overdue, search, sort, page), all applied by the
 * database with a true count; export every matching lead as CSV (a provided action); reload after a
 * lead changes in the detail view.
 */
import { assign, fromPromise, setup } from "xstate";
import { type PagedListEvent, errorMessage, pagedList } from "@/lib/paged-list-machine";
import type { LeadsPage } from "../api/list-leads";
import { type Lead, type LeadQuery, defaultLeadQuery } from "../lib/pipeline";

interface LeadsInboxContext {
  query: LeadQuery;
  rows: Lead[];
  total: number;
  error: string | null;
  exportError: string | null;
}

type LeadsInboxEvent =
  /** Change filters or the sort: back to page 1. */
  | { type: "query.change"; query: Partial<Omit<LeadQuery, "page" | "q">> }
  /** Replace the whole query (the address changed: back/forward, a dashboard link). */
  | { type: "query.replace"; query: LeadQuery }
  | PagedListEvent
  | { type: "leads.export" }
  | { type: "leads.retry" }
  /** A lead changed elsewhere (the detail view): load the page again. */
  | { type: "leads.reload" };

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

const leadsInboxSetup = setup({
  types: {
    context: {} as LeadsInboxContext,
    events: {} as LeadsInboxEvent,
    input: {} as { query?: LeadQuery } | undefined,
  },
  actors: {
    loadLeads: fromPromise<LeadsPage, LeadQuery>(async () => {
      throw new Error('leads inbox: the "loadLeads" actor was not provided');
    }),
    loadAllLeads: fromPromise<Lead[], LeadQuery>(async () => {
      throw new Error('leads inbox: the "loadAllLeads" actor was not provided');
    }),
  },
  actions: {
    exportCsv: (_, _params: { rows: Lead[]; query: LeadQuery }) => {},
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
});

const list = pagedList<LeadsInboxContext, LeadsInboxEvent, LeadQuery, "loadLeads">("q", "loadLeads");

export const leadsInboxMachine = leadsInboxSetup.createMachine({
  id: "leadsInbox",
  context: ({ input }) => ({
    query: { ...defaultLeadQuery, ...input?.query },
    rows: [],
    total: 0,
    error: null,
    exportError: null,
  }),
  initial: "loading",
  on: {
    "query.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.query, page: 1 }) }),
    },
    "query.replace": {
      target: ".loading",
      reenter: true,
      actions: assign({ query: ({ event }) => event.query }),
    },
    ...list.on,
  },
  states: {
    typing: list.typing,
    loading: list.loading,
    failed: {
      on: { "leads.retry": { target: "loading" }, "leads.reload": { target: "loading" } },
    },
    ready: {
      on: {
        "leads.export": { target: "exporting" },
        "leads.reload": { target: "loading" },
      },
    },
    exporting: {
      entry: assign({ exportError: null }),
      invoke: {
        src: "loadAllLeads",
        input: ({ context }) => context.query,
        onDone: {
          target: "ready",
          actions: { type: "exportCsv", params: ({ context, event }) => ({ rows: event.output, query: context.query }) },
        },
        onError: { target: "ready", actions: assign({ exportError: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
