/**
 * One lead opened from the inbox (docs/leads.md): load the person, their submissions and timeline;
 * change the status, give it to a team member, add a note or edit one. Each change is saved, then the lead is
 * loaded again (the timeline the database wrote is what is shown) and the inbox is told (`changed`).
 */
import { assign, fromPromise, setup } from "xstate";
import type { LeadDetail } from "../api/lead-detail";
import type { LeadStatus } from "../lib/pipeline";

export type LeadChange =
  | { kind: "status"; status: LeadStatus }
  | { kind: "owner"; ownerId: string | null }
  | { kind: "note"; body: string }
  /** A note's new text (its author, or an owner). */
  | { kind: "noteEdit"; noteId: string; body: string };

interface LeadDetailContext {
  id: string;
  detail: LeadDetail | null;
  error: string | null;
  saveError: string | null;
  /** The change being saved (which control shows a spinner). */
  pending: LeadChange | null;
  /** Bumped when a note is saved, so the note field can clear itself. */
  notesSaved: number;
  /** Bumped when a note's edit is saved, so its editor can close. */
  notesEdited: number;
}

type LeadDetailEvent = { type: "lead.change"; change: LeadChange } | { type: "lead.retry" } | { type: "lead.refresh" };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const leadDetailMachine = setup({
  types: {
    context: {} as LeadDetailContext,
    events: {} as LeadDetailEvent,
    input: {} as { id: string },
  },
  actors: {
    loadLead: fromPromise<LeadDetail | null, { id: string }>(async () => {
      throw new Error('lead detail: the "loadLead" actor was not provided');
    }),
    saveChange: fromPromise<void, { id: string; change: LeadChange }>(async () => {
      throw new Error('lead detail: the "saveChange" actor was not provided');
    }),
  },
  actions: {
    changed: () => {},
  },
  guards: {
    meaningful: ({ context, event }) => {
      if (event.type !== "lead.change" || !context.detail) return false;
      const c = event.change;
      const lead = context.detail.lead;
      if (c.kind === "status") return c.status !== lead.status;
      if (c.kind === "owner") return c.ownerId !== lead.owner_id;
      if (c.kind === "noteEdit") {
        const note = context.detail.notes.find((n) => n.id === c.noteId);
        return !!note && note.body !== c.body.trim() && c.body.trim().length > 0 && c.body.trim().length <= 4000;
      }
      return c.body.trim().length > 0 && c.body.trim().length <= 4000;
    },
  },
}).createMachine({
  id: "leadDetail",
  context: ({ input }) => ({ id: input.id, detail: null, error: null, saveError: null, pending: null, notesSaved: 0, notesEdited: 0 }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadLead",
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: "missing", actions: assign({ detail: null }) },
          { target: "ready", actions: assign({ detail: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: "failed", actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    missing: {},
    failed: {
      on: { "lead.retry": { target: "loading" } },
    },
    ready: {
      on: {
        // Something outside the dialog changed the lead (its booking moved): read it again.
        "lead.refresh": { target: "refreshing" },
        "lead.change": {
          guard: "meaningful",
          target: "saving",
          actions: assign({ pending: ({ event }) => event.change, saveError: null }),
        },
      },
    },
    saving: {
      invoke: {
        src: "saveChange",
        input: ({ context }) => ({ id: context.detail!.lead.id, change: context.pending! }),
        onDone: {
          target: "refreshing",
          actions: [
            assign({
              notesSaved: ({ context }) => context.notesSaved + (context.pending?.kind === "note" ? 1 : 0),
              notesEdited: ({ context }) => context.notesEdited + (context.pending?.kind === "noteEdit" ? 1 : 0),
            }),
            "changed",
          ],
        },
        onError: { target: "ready", actions: assign({ saveError: ({ event }) => message(event.error), pending: null }) },
      },
    },
    refreshing: {
      invoke: {
        src: "loadLead",
        input: ({ context }) => ({ id: context.detail!.lead.id }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: "missing", actions: assign({ detail: null, pending: null }) },
          { target: "ready", actions: assign({ detail: ({ event }) => event.output, pending: null }) },
        ],
        onError: { target: "failed", actions: assign({ error: ({ event }) => message(event.error), pending: null }) },
      },
    },
  },
});
