import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor } from "xstate";
import { advance } from "./simulated-time";
import { progressMachine } from "./progress.machine";

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(progressMachine, { clock }).start();
  return { clock, actor, state: () => actor.getSnapshot().value, value: () => actor.getSnapshot().context.value };
}

describe("progress machine", () => {
  it("stays indeterminate until started", () => {
    const { clock, state, value } = start();
    expect(state()).toBe("indeterminate");
    advance(clock, 10_000);
    expect(state()).toBe("indeterminate");
    expect(value()).toBe(0);
  });

  it("grows 2 % every 100 ms, completes at 100 % after 5 s, and is done 500 ms later", () => {
    const { actor, clock, state, value } = start();
    actor.send({ type: "progress.start" });
    expect(state()).toBe("loading");
    expect(value()).toBe(0);
    advance(clock, 99);
    expect(value()).toBe(0);
    advance(clock, 1);
    expect(value()).toBe(2);
    advance(clock, 2400);
    expect(value()).toBe(50);
    expect(state()).toBe("loading");
    advance(clock, 2400);
    expect(value()).toBe(98);
    expect(state()).toBe("loading");
    advance(clock, 100);
    expect(value()).toBe(100);
    expect(state()).toBe("complete");
    advance(clock, 499);
    expect(state()).toBe("complete");
    advance(clock, 1);
    expect(state()).toBe("done");
    expect(actor.getSnapshot().status).toBe("done");
    expect(value()).toBe(100);
  });

  it("ignores a second start while loading", () => {
    const { actor, clock, value } = start();
    actor.send({ type: "progress.start" });
    advance(clock, 1000);
    actor.send({ type: "progress.start" });
    expect(value()).toBe(20);
    advance(clock, 100);
    expect(value()).toBe(22);
  });
});
