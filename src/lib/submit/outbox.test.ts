import { describe, expect, it, vi } from "vitest";
import { type Envelope, NOTICES_KEY, OUTBOX_KEY, Outbox, REJECTED_KEY, type TransportResult, backoffDelay, memoryStore } from "./outbox";
import { classifyResponse, fieldsFromBody } from "./submit";

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

  it("sends queuedAt (the instant it was queued) on every send after the first try, never on the first", async () => {
    const { box, transport, advance } = setup([
      { kind: "retry", reason: "offline" },
      { kind: "retry", reason: "offline" },
      { kind: "stored" },
    ]);
    await box.submit(envelope("q"));
    await advance(2_000);
    await advance(4_000);
    const sent = transport.mock.calls.map((c) => (c as unknown as [Envelope])[0]);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.queuedAt).toBeUndefined();
    expect(sent[1]!.queuedAt).toBe(new Date(1_000_000).toISOString());
    expect(sent[2]!.queuedAt).toBe(sent[1]!.queuedAt);
  });

  const booking = (id: string): Envelope => ({
    formType: "demo_booking",
    payload: { fullName: "Sara", email: "sara@example.com", demoDate: "2026-12-01", demoTime: "10:00" },
    path: "/en/contact",
    locale: "en",
    submissionId: id,
  });
  const requested = { date: "2026-12-01", time: "10:00", start: "2026-12-01T06:00:00.000Z" };

  it("a queued booking whose slot was taken (409, stored) leaves the outbox as a notice with the next free times", async () => {
    const { box, storage, advance } = setup([
      { kind: "retry", reason: "offline" },
      {
        kind: "rejected",
        status: 409,
        message: "taken",
        fields: { demoTime: "gone" },
        nextSlots,
        stored: true,
        requested,
        timeZone: "Asia/Dubai",
      },
    ]);
    const seen: number[] = [];
    box.subscribeNotices((n) => seen.push(n.length));
    await expect(box.submit(booking("lost"))).resolves.toEqual({ status: "queued", id: "lost" });
    expect(box.stateOf("lost")).toBe("pending");
    await advance(2_000);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
    expect(storage.getItem(REJECTED_KEY)).toBeNull();
    const [notice] = box.notices();
    expect(notice).toMatchObject({ id: "lost", kind: "slot_lost", status: 409, requested, nextSlots, timeZone: "Asia/Dubai" });
    expect(notice!.envelope.payload).toEqual(booking("lost").payload);
    expect(notice!.envelope.queuedAt).toBe(new Date(1_000_000).toISOString());
    expect(box.stateOf("lost")).toBe("notice");
    expect(seen).toEqual([1]);
    // Still there for the next page (another Outbox on the same storage), until dismissed.
    const next = new Outbox({ transport: vi.fn(), storage, setTimer: () => 0, clearTimer: () => undefined });
    expect(next.notices().map((n) => n.id)).toEqual(["lost"]);
    next.dismissNotice("lost");
    expect(storage.getItem(NOTICES_KEY)).toBeNull();
  });

  it("a queued submission refused later (400) is shown as a notice (what and why) and kept aside for support", async () => {
    const { box, storage, advance } = setup([
      { kind: "retry", reason: "offline" },
      { kind: "rejected", status: 400, message: "Invalid submission", fields: { email: "Please enter a valid email address" } },
    ]);
    await box.submit(envelope("bad"));
    await advance(2_000);
    expect(storage.getItem(OUTBOX_KEY)).toBeNull();
    expect(box.notices()).toMatchObject([
      { id: "bad", kind: "refused", status: 400, fields: { email: "Please enter a valid email address" } },
    ]);
    expect(box.notices()[0]!.envelope.formType).toBe("newsletter");
    expect(JSON.parse(storage.getItem(REJECTED_KEY)!)).toHaveLength(1);
  });

  it("keeps a refused queued submission in the outbox while its notice cannot be saved", async () => {
    const { box, storage, advance, transport } = setup([
      { kind: "retry", reason: "offline" },
      { kind: "rejected", status: 409, message: "taken", fields: {}, nextSlots, stored: true, requested },
      { kind: "rejected", status: 409, message: "taken", fields: {}, nextSlots, stored: true, requested },
    ]);
    await box.submit(booking("full"));
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      if (k === NOTICES_KEY) throw new Error("QuotaExceededError");
      setItem(k, v);
    };
    await advance(2_000);
    expect(transport).toHaveBeenCalledTimes(2);
    expect(box.stateOf("full")).toBe("pending");
    storage.setItem = setItem;
    await advance(10_000);
    expect(transport).toHaveBeenCalledTimes(3);
    expect(box.stateOf("full")).toBe("notice");
  });

  it("a notice can be changed (rebooked) and dismissed", async () => {
    const { box } = setup([]);
    box.putNotice({ id: "n", kind: "slot_lost", envelope: booking("n"), at: 1, nextSlots, requested });
    box.updateNotice("n", (n) => ({ ...n, kind: "rebooked", booked: nextSlots[0] }));
    expect(box.notices()).toMatchObject([{ id: "n", kind: "rebooked", booked: nextSlots[0] }]);
    box.dismissNotice("n");
    expect(box.notices()).toEqual([]);
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
  it("a 409 stored with reason slot_passed says the time had passed (not taken); the notice carries it", async () => {
    const r = await classifyResponse(
      res(409, { error: "slot_taken", message: "passed", stored: true, reason: "slot_passed", nextSlots: [] }),
    );
    expect(r).toMatchObject({ kind: "rejected", status: 409, stored: true, passed: true });
    const taken = await classifyResponse(
      res(409, { error: "slot_taken", message: "taken", stored: true, reason: "slot_taken", nextSlots: [] }),
    );
    expect(taken).not.toHaveProperty("passed");
  });
  it("a 409 of a queued booking says the server kept the details, with the lost slot and the business clock", async () => {
    const requested = { date: "2026-12-01", time: "10:00", start: "2026-12-01T06:00:00.000Z" };
    const r = await classifyResponse(
      res(409, {
        error: "slot_taken",
        stored: true,
        id: "x",
        requested,
        timeZone: "Asia/Dubai",
        message: "kept",
        fields: {},
        nextSlots: [],
      }),
    );
    expect(r).toEqual({
      kind: "rejected",
      status: 409,
      message: "kept",
      fields: {},
      nextSlots: [],
      stored: true,
      requested,
      timeZone: "Asia/Dubai",
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
