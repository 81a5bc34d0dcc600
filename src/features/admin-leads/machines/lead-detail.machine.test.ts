import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { LeadDetail } from "../api/lead-detail";
import { sampleLead } from "../lib/sample-lead.test-support";
import { type LeadChange, leadDetailMachine } from "./lead-detail.machine";

const baseLead = sampleLead({
  phone: "+971501112222",
  phone_digits: "971501112222",
  overdue: true,
  due_at: "2026-03-02T10:00:00Z",
});

function detail(opts: { missing?: boolean; failSave?: boolean } = {}) {
  const lead = { ...baseLead };
  const saved: LeadChange[] = [];
  const notes = [{ id: "note-1", author_id: "u-1", body: "Call on Sunday", edited_at: null as string | null }];
  let changed = 0;
  let loads = 0;
  const actor = createActor(
    leadDetailMachine.provide({
      actors: {
        loadLead: fromPromise(async ({ input }) => {
          loads++;
          if (opts.missing || input.id !== lead.id) return null;
          return { lead: { ...lead }, submissions: [], events: [], notes: notes.map((n) => ({ ...n })) } satisfies LeadDetail;
        }),
        saveChange: fromPromise(async ({ input }) => {
          if (opts.failSave) throw new Error("permission denied");
          saved.push(input.change);
          if (input.change.kind === "status") lead.status = input.change.status;
          if (input.change.kind === "owner") lead.owner_id = input.change.ownerId;
          if (input.change.kind === "noteEdit") Object.assign(notes[0]!, { body: input.change.body, edited_at: "2026-03-02T11:00:00Z" });
        }),
      },
      actions: { changed: () => void changed++ },
    }),
    { input: { id: "lead-1" } },
  ).start();
  return { actor, saved, changed: () => changed, loads: () => loads };
}

describe("lead detail machine", () => {
  it("saves a status, reloads the lead and tells the inbox", async () => {
    const d = detail();
    await waitFor(d.actor, (s) => s.matches("ready"));
    d.actor.send({ type: "lead.change", change: { kind: "status", status: "contacted" } });
    expect(d.actor.getSnapshot().matches("saving")).toBe(true);
    await waitFor(d.actor, (s) => s.matches("ready") && s.context.pending === null);
    expect(d.actor.getSnapshot().context.detail!.lead.status).toBe("contacted");
    expect(d.changed()).toBe(1);
    expect(d.loads()).toBe(2);
  });

  it("ignores changes that change nothing (same status, same owner, empty note)", async () => {
    const d = detail();
    await waitFor(d.actor, (s) => s.matches("ready"));
    d.actor.send({ type: "lead.change", change: { kind: "status", status: "new" } });
    d.actor.send({ type: "lead.change", change: { kind: "owner", ownerId: null } });
    d.actor.send({ type: "lead.change", change: { kind: "note", body: "   " } });
    expect(d.actor.getSnapshot().matches("ready")).toBe(true);
    expect(d.saved).toEqual([]);
  });

  it("counts saved notes so the field can clear", async () => {
    const d = detail();
    await waitFor(d.actor, (s) => s.matches("ready"));
    d.actor.send({ type: "lead.change", change: { kind: "note", body: "Called back" } });
    await waitFor(d.actor, (s) => s.matches("ready") && s.context.pending === null);
    expect(d.actor.getSnapshot().context.notesSaved).toBe(1);
    expect(d.saved).toEqual([{ kind: "note", body: "Called back" }]);
  });

  it("edits a note: an unchanged, empty or unknown note is ignored; a saved edit is counted and reloaded", async () => {
    const d = detail();
    await waitFor(d.actor, (s) => s.matches("ready"));
    d.actor.send({ type: "lead.change", change: { kind: "noteEdit", noteId: "note-1", body: "Call on Sunday " } });
    d.actor.send({ type: "lead.change", change: { kind: "noteEdit", noteId: "note-1", body: "  " } });
    d.actor.send({ type: "lead.change", change: { kind: "noteEdit", noteId: "note-9", body: "Other" } });
    expect(d.saved).toEqual([]);
    d.actor.send({ type: "lead.change", change: { kind: "noteEdit", noteId: "note-1", body: "Call on Monday" } });
    await waitFor(d.actor, (s) => s.matches("ready") && s.context.pending === null);
    const ctx = d.actor.getSnapshot().context;
    expect(ctx.notesEdited).toBe(1);
    expect(ctx.notesSaved).toBe(0);
    expect(ctx.detail!.notes[0]).toMatchObject({ body: "Call on Monday", edited_at: "2026-03-02T11:00:00Z" });
    expect(d.changed()).toBe(1);
  });

  it("shows a save failure and stays on the lead", async () => {
    const d = detail({ failSave: true });
    await waitFor(d.actor, (s) => s.matches("ready"));
    d.actor.send({ type: "lead.change", change: { kind: "owner", ownerId: "u-1" } });
    await waitFor(d.actor, (s) => s.matches("ready") && s.context.saveError !== null);
    expect(d.actor.getSnapshot().context.saveError).toBe("permission denied");
    expect(d.changed()).toBe(0);
  });

  it("says when the lead does not exist", async () => {
    const d = detail({ missing: true });
    await waitFor(d.actor, (s) => s.matches("missing"));
  });
});
