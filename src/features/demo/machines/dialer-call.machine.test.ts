import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor } from "xstate";
import { advance } from "./simulated-time";
import { MAX_DIAL_LENGTH, callStatusOf, dialerCallMachine } from "./dialer-call.machine";

function start(number = "") {
  const clock = new SimulatedClock();
  const actor = createActor(dialerCallMachine, { clock, input: { number } }).start();
  const status = () => callStatusOf(actor.getSnapshot().value);
  return { clock, actor, status, ctx: () => actor.getSnapshot().context };
}

describe("dialer call machine", () => {
  it("starts idle with an empty number", () => {
    const { status, ctx } = start();
    expect(status()).toBe("idle");
    expect(ctx()).toEqual({ number: "", elapsed: 0 });
  });

  it("takes digits, * and #, and ignores anything else", () => {
    const { actor, ctx } = start();
    for (const key of ["0", "5", "*", "#", "a", "+", "Enter", " ", "9"]) actor.send({ type: "key.press", key });
    expect(ctx().number).toBe("05*#9");
  });

  it("stops accepting keys at the maximum length", () => {
    const { actor, ctx } = start();
    for (let i = 0; i < MAX_DIAL_LENGTH + 5; i++) actor.send({ type: "key.press", key: "1" });
    expect(ctx().number).toHaveLength(MAX_DIAL_LENGTH);
  });

  it("deletes the last character, and Delete on an empty number does nothing", () => {
    const { actor, ctx, status } = start("12");
    actor.send({ type: "key.delete" });
    expect(ctx().number).toBe("1");
    actor.send({ type: "key.delete" });
    expect(ctx().number).toBe("");
    actor.send({ type: "key.delete" });
    expect(ctx().number).toBe("");
    expect(status()).toBe("idle");
  });

  it("does not call with nothing typed (Enter on an empty number)", () => {
    const { actor, clock, status } = start();
    actor.send({ type: "call.start" });
    expect(status()).toBe("idle");
    advance(clock, 20_000);
    expect(status()).toBe("idle");
  });

  it("ignores end while idle", () => {
    const { actor, status } = start("1");
    actor.send({ type: "call.end" });
    expect(status()).toBe("idle");
  });

  it("runs the whole call on its own: dialing, connecting at 1 s, recording at 3 s, ending at 11 s, over at 12.5 s", () => {
    const { actor, clock, status, ctx } = start("0501234567");
    actor.send({ type: "call.start" });
    expect(status()).toBe("dialing");
    advance(clock, 999);
    expect(status()).toBe("dialing");
    advance(clock, 1);
    expect(status()).toBe("connecting");
    advance(clock, 1999);
    expect(status()).toBe("connecting");
    advance(clock, 1);
    expect(status()).toBe("recording");
    expect(ctx().elapsed).toBe(0);
    advance(clock, 1000);
    expect(ctx().elapsed).toBe(1);
    advance(clock, 6000);
    expect(ctx().elapsed).toBe(7); // 0:07
    expect(status()).toBe("recording");
    advance(clock, 999); // 10.999 s after the start
    expect(status()).toBe("recording");
    advance(clock, 1); // 11 s
    expect(status()).toBe("ending");
    const elapsed = ctx().elapsed;
    advance(clock, 1000);
    expect(ctx().elapsed).toBe(elapsed); // the timer stops when the call ends
    advance(clock, 499);
    expect(status()).toBe("ending");
    advance(clock, 1);
    expect(status()).toBe("ended");
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ number: "0501234567", elapsed });
  });

  it("ends early when end is pressed while recording", () => {
    const { actor, clock, status, ctx } = start("1");
    actor.send({ type: "call.start" });
    advance(clock, 5000);
    expect(status()).toBe("recording");
    expect(ctx().elapsed).toBe(2);
    actor.send({ type: "call.end" });
    expect(status()).toBe("ending");
    advance(clock, 1500);
    expect(status()).toBe("ended");
    expect(ctx().elapsed).toBe(2);
  });

  it("ends when end is pressed while connecting, and never starts recording", () => {
    const { actor, clock, status } = start("1");
    actor.send({ type: "call.start" });
    advance(clock, 1500);
    expect(status()).toBe("connecting");
    actor.send({ type: "call.end" });
    expect(status()).toBe("ending");
    advance(clock, 1000); // past the 3 s mark where recording would have started
    expect(status()).toBe("ending");
    advance(clock, 500);
    expect(status()).toBe("ended");
  });

  it("ends when end is pressed while dialing", () => {
    const { actor, clock, status } = start("1");
    actor.send({ type: "call.start" });
    actor.send({ type: "call.end" });
    expect(status()).toBe("ending");
    advance(clock, 1500);
    expect(status()).toBe("ended");
  });

  it("ignores keys, delete and a second start once the call is under way", () => {
    const { actor, clock, status, ctx } = start("12");
    actor.send({ type: "call.start" });
    actor.send({ type: "key.press", key: "3" });
    actor.send({ type: "key.delete" });
    actor.send({ type: "call.start" });
    expect(ctx().number).toBe("12");
    advance(clock, 1000);
    expect(status()).toBe("connecting"); // the second start did not restart the timers
  });

  it("ignores a second end while ending", () => {
    const { actor, clock, status } = start("1");
    actor.send({ type: "call.start" });
    advance(clock, 4000);
    actor.send({ type: "call.end" });
    advance(clock, 1000);
    actor.send({ type: "call.end" });
    advance(clock, 500);
    expect(status()).toBe("ended");
  });
});
