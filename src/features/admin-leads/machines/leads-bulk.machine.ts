/**
 * The inbox's bulk actions (docs/leads.md#the-inbox): select leads on the page (one by one or the whole
 * page), then give them all to someone, take them from their owner, or move them to a status, in one
 * request (`applyBulk`, public.leads_bulk_update). The selection clears when the change is saved or
 * the list shows other leads; the result ("3 leads changed") or the error stays until the next action.
 */
import { assign, fromPromise, setup } from "xstate";
import type { BulkChange } from "../api/bulk-update-leads";

interface LeadsBulkContext {
  selected: string[];
  pending: BulkChange | null;
  /** How many leads the last bulk change changed, of how many selected. */
  result: { changed: number; selected: number } | null;
  error: string | null;
}

type LeadsBulkEvent =
  | { type: "select.toggle"; id: string }
  /** Select (or unselect) every lead of the page. */
  | { type: "select.page"; ids: string[]; selected: boolean }
  /** The list shows other leads: nothing stays selected. */
  | { type: "select.clear" }
  | { type: "bulk.apply"; change: BulkChange };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const leadsBulkMachine = setup({
  types: { context: {} as LeadsBulkContext, events: {} as LeadsBulkEvent },
  actors: {
    applyBulk: fromPromise<number, { ids: string[]; change: BulkChange }>(async () => {
      throw new Error('leads bulk: the "applyBulk" actor was not provided');
    }),
  },
  actions: {
    /** The leads changed: the inbox reloads its page. */
    changed: () => {},
  },
}).createMachine({
  id: "leadsBulk",
  context: { selected: [], pending: null, result: null, error: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "select.toggle": {
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
            result: null,
            error: null,
          }),
        },
        "select.page": {
          actions: assign({
            selected: ({ context, event }) =>
              event.selected
                ? [...context.selected, ...event.ids.filter((id) => !context.selected.includes(id))]
                : context.selected.filter((id) => !event.ids.includes(id)),
            result: null,
            error: null,
          }),
        },
        "select.clear": { actions: assign({ selected: [] }) },
        "bulk.apply": {
          guard: ({ context }) => context.selected.length > 0,
          target: "saving",
          actions: assign({ pending: ({ event }) => event.change, result: null, error: null }),
        },
      },
    },
    saving: {
      invoke: {
        src: "applyBulk",
        input: ({ context }) => ({ ids: context.selected, change: context.pending! }),
        onDone: {
          target: "idle",
          actions: [
            assign({
              result: ({ context, event }) => ({ changed: event.output, selected: context.selected.length }),
              selected: [],
              pending: null,
            }),
            "changed",
          ],
        },
        // The selection stays, so the member can try again or choose another action.
        onError: { target: "idle", actions: assign({ error: ({ event }) => message(event.error), pending: null }) },
      },
    },
  },
});
