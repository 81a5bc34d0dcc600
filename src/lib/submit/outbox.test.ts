import { describe, expect, it, vi } from "vitest";
import { type Envelope, OUTBOX_KEY, Outbox, REJECTED_KEY, type TransportResult, backoffDelay, memoryStore } from "./outbox";
import { classifyResponse, fieldsFromBody } from "./transport";

const envelope = (id: string): Envelope => ({
  formType: "newsletter",
  payload: { email: "a@b.co" },
  path: "/",
  locale: "en",
  submissionId: id,
});

function setup(results: TransportResult[]) {
  let clock = 1_000_000;
  const timers: { at: number; fn: () => void }[] = [];
  const storage = memoryStore();
  const transport = vi.fn(async () => results.shift() ?? { kind: "stored" as const });
  const box = new Outbox({
    transport,
    storage,
    now: () => clock,
    random: () => 0.5,
    setTimer: (fn, ms) => {
      const t = { at: clock + ms, fn };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => timers.splice(timers.indexOf(h as (typeof timers)[number]), 1),
  });
  const advance = async (ms: number) => {
    clock += ms;
    for (const t of [...timers].filter((x) => x.at <= clock)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
    await vi.waitFor(() => undefined);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { box, storage, transport, advance, timers };
}

describe("outbox", () => {
  it("sends and forgets an acknowledged submission", async () => {
    const { box, storage, transport } = setup([{ kind: "stored" }]);
    await expect(box.submit(envelope("1"))).resolves.toEqual({ status: "sent", id: "1" });
    expect(transport).toHaveBeenCalledTimes(1);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("keeps an unreachable submission, retries with backoff, same idempotency key", async () => {
    const { box, storage, transport, advance } = setup([
      { kind: "retry", reason: "network" },
      { kind: "retry", reason: "HTTP 503" },
      { kind: "stored" },
    ]);
    await expect(box.submit(envelope("abc"))).resolves.toEqual({ status: "queued", id: "abc" });
    expect(JSON.parse(storage.getItem(OUTBOX_KEY)!)).toHaveLength(1);
    await advance(1_000);
    expect(transport).toHaveBeenCalledTimes(1);
    await advance(1_000); // 2 s after the first failure
    expect(transport).toHaveBeenCalledTimes(2);
    await advance(3_900);
    expect(transport).toHaveBeenCalledTimes(2);
    await advance(200); // 4 s after the second failure
    expect(transport).toHaveBeenCalledTimes(3);
    expect(transport.mock.calls.map((c) => (c as unknown as [Envelope])[0].submissionId)).toEqual(["abc", "abc", "abc"]);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it("survives a reload: a new outbox on the same storage delivers what the old one queued", async () => {
    const first = setup([{ kind: "retry", reason: "offline" }]);
    await first.box.submit(envelope("kept"));
    first.box.stop();
    const transport = vi.fn(async (): Promise<TransportResult> => ({ kind: "stored" }));
    const second = new Outbox({ transport, storage: first.storage, setTimer: () => 0, clearTimer: () => undefined });
    expect(second.pending).toBe(1);
    await second.flush(true);
    expect(transport).toHaveBeenCalledWith(expect.objectContaining({ submissionId: "kept" }));
    expect(second.pending).toBe(0);
  });

  it("honours Retry-After of a 429", async () => {
    const { box, transport, advance } = setup([{ kind: "retry", reason: "HTTP 429", retryAfterMs: 30_000 }, { kind: "stored" }]);
    await box.submit(envelope("r"));
    await advance(10_000);
    expect(transport).toHaveBeenCalledTimes(1);
    await advance(20_000);
    expect(transport).toHaveBeenCalledTimes(2);
  });

  const nextSlots = [{ date: "2026-11-30", time: "10:30", start: "2026-11-30T06:30:00.000Z" }];
  it.each<Omit<Extract<TransportResult, { kind: "rejected" }>, "kind"> & { why: string }>([
    { why: "invalid fields (400)", status: 400, message: "Invalid submission", fields: { email: "bad" } },
    {
      why: "a demo slot just taken (409), with the next free slots",
      status: 409,
      message: "taken",
      fields: { demoTime: "gone" },
      nextSlots,
    },
  ])("hands a rejection back to the form and keeps nothing, queued or set aside: $why", async ({ why: _, status, ...rejection }) => {
    const { box, storage } = setup([{ kind: "rejected", status, ...rejection }]);
    await expect(box.submit(envelope("x"))).resolves.toEqual({ status: "rejected", id: "x", httpStatus: status, ...rejection });
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
    expect(storage.getItem(REJECTED_KEY)).toBeNull();
  });

  it("sets aside (never silently drops) a queued submission the server later refuses", async () => {
    const { box, storage, advance } = setup([
      { kind: "retry", reason: "offline" },
      { kind: "rejected", status: 400, message: "Invalid submission", fields: { demoDate: "past" } },
    ]);
    await box.submit(envelope("late"));
    await advance(5_000);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(REJECTED_KEY)!)[0].envelope.submissionId).toBe("late");
  });

  it("caps the backoff at five minutes", () => {
    expect(backoffDelay(1, () => 0.5)).toBe(2_000);
    expect(backoffDelay(3, () => 0.5)).toBe(8_000);
    expect(backoffDelay(30, () => 0.5)).toBe(300_000);
  });
});

describe("transport classification", () => {
  const res = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  it("maps a 400 body to form field names", async () => {
    const r = await classifyResponse(
      res(400, {
        error: "invalid_input",
        message: "Invalid submission",
        fields: { "payload.email": "Please enter a valid email address" },
      }),
    );
    expect(r).toEqual({
      kind: "rejected",
      status: 400,
      message: "Invalid submission",
      fields: { email: "Please enter a valid email address" },
    });
  });
  it("a 409 (the demo slot was just taken) is not retried: it is rejected with the free slots the server offers", async () => {
    const next = [{ date: "2026-11-30", time: "10:30", start: "2026-11-30T06:30:00.000Z" }];
    const r = await classifyResponse(
      res(409, {
        error: "slot_taken",
        message: "taken",
        fields: { "payload.demoTime": "This time is no longer available" },
        nextSlots: [...next, { date: "bad" }],
      }),
    );
    expect(r).toEqual({
      kind: "rejected",
      status: 409,
      message: "taken",
      fields: { demoTime: "This time is no longer available" },
      nextSlots: next,
    });
  });
  it("retries 5xx, 404 and 429 (with Retry-After)", async () => {
    expect((await classifyResponse(res(503, {}))).kind).toBe("retry");
    expect((await classifyResponse(res(404, {}))).kind).toBe("retry");
    expect(await classifyResponse(res(429, {}, { "retry-after": "12" }))).toEqual({
      kind: "retry",
      reason: "HTTP 429",
      retryAfterMs: 12_000,
    });
  });
  it("ignores malformed field maps", () => {
    expect(fieldsFromBody({ fields: { "payload.x": 1, y: "ok" } })).toEqual({ y: "ok" });
    expect(fieldsFromBody(null)).toEqual({});
  });
});
