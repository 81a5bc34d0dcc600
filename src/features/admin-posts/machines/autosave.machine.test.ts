import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor, fromPromise } from "xstate";
import { createAutosaveMachine } from "./autosave.machine";

type Fields = { title: string };

function start(store: (fields: Fields) => Promise<string>) {
  const clock = new SimulatedClock();
  const calls: Fields[] = [];
  const machine = createAutosaveMachine<Fields>().provide({
    actors: {
      store: fromPromise(async ({ input }) => {
        calls.push(input.fields);
        return store(input.fields);
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  actor.send({ type: "resume", fields: { title: "" } });
  return { actor, clock, calls };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("autosave machine", () => {
  it("stores once the writer pauses, with the latest fields only", async () => {
    const { actor, clock, calls } = start(async () => "2026-11-27T12:00:00Z");
    actor.send({ type: "change", fields: { title: "a" } });
    clock.increment(1000);
    actor.send({ type: "change", fields: { title: "ab" } });
    clock.increment(1000);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe("waiting");
    clock.increment(600);
    await settle();
    expect(calls).toEqual([{ title: "ab" }]);
    expect(actor.getSnapshot().value).toBe("saved");
    expect(actor.getSnapshot().context.savedAt).toBe("2026-11-27T12:00:00Z");
  });

  it("does not store fields equal to what is stored", async () => {
    const { actor, clock, calls } = start(async () => "t");
    actor.send({ type: "change", fields: { title: "" } });
    clock.increment(5000);
    await settle();
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("stores changes made during a store after it", async () => {
    let release!: (v: string) => void;
    const { actor, clock, calls } = start(() => new Promise((r) => (release = r)));
    actor.send({ type: "change", fields: { title: "a" } });
    clock.increment(1500);
    await settle();
    actor.send({ type: "change", fields: { title: "abc" } });
    release("t1");
    await settle();
    expect(actor.getSnapshot().value).toBe("waiting");
    clock.increment(1500);
    await settle();
    expect(calls).toEqual([{ title: "a" }, { title: "abc" }]);
  });

  it("retries a failed store and says so meanwhile", async () => {
    let fail = true;
    const { actor, clock, calls } = start(async () => {
      if (fail) throw new Error("offline");
      return "t";
    });
    actor.send({ type: "change", fields: { title: "a" } });
    clock.increment(1500);
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    fail = false;
    clock.increment(5000);
    await settle();
    expect(actor.getSnapshot().value).toBe("saved");
    expect(calls).toHaveLength(2);
  });

  it("stops while paused and starts again from what a real save stored", async () => {
    const { actor, clock, calls } = start(async () => "t");
    actor.send({ type: "change", fields: { title: "a" } });
    actor.send({ type: "pause" });
    clock.increment(5000);
    await settle();
    expect(calls).toEqual([]);
    actor.send({ type: "resume", fields: { title: "a" } });
    actor.send({ type: "change", fields: { title: "a" } });
    clock.increment(5000);
    await settle();
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe("idle");
  });
});
