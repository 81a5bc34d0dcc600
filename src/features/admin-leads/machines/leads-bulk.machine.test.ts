import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { BulkChange } from "../api/bulk-update-leads";
import { leadsBulkMachine } from "./leads-bulk.machine";

function bulk(opts: { fail?: boolean } = {}) {
  const calls: { ids: string[]; change: BulkChange }[] = [];
  let changed = 0;
  const actor = createActor(
    leadsBulkMachine.provide({
      actors: {
        applyBulk: fromPromise(async ({ input }) => {
          calls.push(input);
          if (opts.fail) throw new Error("only owners and sales people can change leads");
          return input.ids.length - 1;
        }),
      },
      actions: { changed: () => void changed++ },
    }),
  ).start();
  return { actor, calls, changed: () => changed };
}

describe("leads bulk machine", () => {
  it("selects one by one and the whole page, without duplicates; unselecting the page keeps other pages' leads", () => {
    const { actor } = bulk();
    actor.send({ type: "select.toggle", id: "a" });
    actor.send({ type: "select.page", ids: ["a", "b", "c"], selected: true });
    expect(actor.getSnapshot().context.selected).toEqual(["a", "b", "c"]);
    actor.send({ type: "select.toggle", id: "b" });
    expect(actor.getSnapshot().context.selected).toEqual(["a", "c"]);
    actor.send({ type: "select.page", ids: ["a"], selected: false });
    expect(actor.getSnapshot().context.selected).toEqual(["c"]);
    actor.send({ type: "select.clear" });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it("does nothing with nothing selected", () => {
    const { actor, calls } = bulk();
    actor.send({ type: "bulk.apply", change: { kind: "status", status: "won" } });
    expect(actor.getSnapshot().matches("idle")).toBe(true);
    expect(calls).toEqual([]);
  });

  it("applies one change to every selected lead, reports the count, clears the selection and tells the inbox", async () => {
    const { actor, calls, changed } = bulk();
    actor.send({ type: "select.page", ids: ["a", "b", "c"], selected: true });
    actor.send({ type: "bulk.apply", change: { kind: "owner", ownerId: "u-2" } });
    expect(actor.getSnapshot().matches("saving")).toBe(true);
    await waitFor(actor, (s) => s.matches("idle"));
    expect(calls).toEqual([{ ids: ["a", "b", "c"], change: { kind: "owner", ownerId: "u-2" } }]);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], result: { changed: 2, selected: 3 }, error: null });
    expect(changed()).toBe(1);
  });

  it("keeps the selection and says why when the database refuses", async () => {
    const { actor, changed } = bulk({ fail: true });
    actor.send({ type: "select.toggle", id: "a" });
    actor.send({ type: "bulk.apply", change: { kind: "unassign" } });
    await waitFor(actor, (s) => s.matches("idle") && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ selected: ["a"], error: "only owners and sales people can change leads" });
    expect(changed()).toBe(0);
  });
});
