/**
 * The browser outbox: every visitor submission is written here (localStorage) before it is sent, and
 * stays until the server acknowledges it. Nothing is dropped when the network or the server is down:
 * a pending submission is retried with exponential backoff, on reconnect, when the tab becomes visible
 * again and on the next page load. Each submission carries an idempotency key (submissionId), so a retry
 * never makes a second row.
 *
 * The outbox is transport-agnostic (the transport is injected), so it is unit-tested with a fake one.
 */
import type { FormType } from "@/lib/forms/schemas";

export interface Envelope {
  formType: FormType;
  payload: Record<string, unknown>;
  path: string;
  locale: "ar" | "en";
  timeZone?: string;
  submissionId: string;
  website?: string;
}

interface OutboxItem {
  envelope: Envelope;
  /** When it was first queued (ms since epoch). */
  createdAt: number;
  attempts: number;
  /** Earliest time for the next attempt (ms since epoch). */
  nextAttemptAt: number;
  lastError?: string;
}

/** What one attempt to send learned. */
export type TransportResult =
  | { kind: "stored" }
  | { kind: "rejected"; status: number; message: string; fields: Record<string, string>; nextSlots?: FreeSlot[] }
  | { kind: "retry"; reason: string; retryAfterMs?: number };

/** A free demo slot the server offers instead of a taken one (409 slot_taken). */
export interface FreeSlot {
  date: string;
  time: string;
  start: string;
}

export type Transport = (envelope: Envelope) => Promise<TransportResult>;

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const OUTBOX_KEY = "wasla.outbox.v1";
export const REJECTED_KEY = "wasla.outbox.rejected.v1";

const BACKOFF = { baseMs: 2_000, maxMs: 5 * 60_000, factor: 2 };

/** Delay before attempt number `attempts + 1` (1 → 2 s, 2 → 4 s … capped at 5 min), with ±20 % jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const raw = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * BACKOFF.factor ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

interface OutboxOptions {
  transport: Transport;
  storage: KeyValueStore | null;
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  log?: (msg: string, extra?: unknown) => void;
}

export type SendOutcome =
  | { status: "sent"; id: string }
  | { status: "queued"; id: string }
  | {
      status: "rejected";
      id: string;
      message: string;
      fields: Record<string, string>;
      /** 409 when the demo slot was taken a moment ago (then nextSlots lists free ones); 400 etc. otherwise. */
      httpStatus?: number;
      nextSlots?: FreeSlot[];
    };

/** A memory store for when localStorage is unavailable (private mode with storage blocked). */
export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

export class Outbox {
  private readonly o: Required<Omit<OutboxOptions, "storage" | "log">> & Pick<OutboxOptions, "log">;
  private readonly storage: KeyValueStore;
  private timer: unknown = null;
  private timerAt = Infinity;
  private inFlight = new Set<string>();
  private listeners = new Set<(pending: number) => void>();

  constructor(options: OutboxOptions) {
    this.o = {
      transport: options.transport,
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)),
      log: options.log,
    };
    this.storage = options.storage ?? memoryStore();
  }

  /** Pending submissions, oldest first. */
  items(): OutboxItem[] {
    try {
      const raw = this.storage.getItem(OUTBOX_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as OutboxItem[]).filter((i) => i?.envelope?.submissionId) : [];
    } catch {
      return [];
    }
  }

  get pending(): number {
    return this.items().length;
  }

  subscribe(fn: (pending: number) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private write(items: OutboxItem[]) {
    try {
      if (items.length) this.storage.setItem(OUTBOX_KEY, JSON.stringify(items));
      else this.storage.removeItem(OUTBOX_KEY);
    } catch (e) {
      this.o.log?.("outbox: could not persist", e);
    }
    for (const l of this.listeners) l(items.length);
  }

  private update(id: string, fn: (item: OutboxItem) => OutboxItem | null) {
    const out: OutboxItem[] = [];
    for (const item of this.items()) {
      if (item.envelope.submissionId !== id) out.push(item);
      else {
        const next = fn(item);
        if (next) out.push(next);
      }
    }
    this.write(out);
  }

  private keepRejected(item: OutboxItem, result: Extract<TransportResult, { kind: "rejected" }>) {
    // Never silently dropped: a submission the server refuses after it was queued is kept aside
    // (and logged), for support to recover.
    try {
      const raw = this.storage.getItem(REJECTED_KEY);
      const list = raw ? (JSON.parse(raw) as unknown[]) : [];
      list.push({ ...item, rejectedAt: this.o.now(), status: result.status, message: result.message, fields: result.fields });
      this.storage.setItem(REJECTED_KEY, JSON.stringify(list.slice(-20)));
    } catch {
      /* storage full or blocked: the log below is all we can do */
    }
    this.o.log?.("outbox: the server refused a queued submission", { envelope: item.envelope, result });
  }

  /**
   * Queues a submission and tries to send it now. Resolves with "sent" once the server has stored it,
   * "queued" when it is safe in the outbox and will be retried, or "rejected" with the server's field
   * errors (the visitor must correct the input; nothing stays queued).
   */
  async submit(envelope: Envelope): Promise<SendOutcome> {
    const now = this.o.now();
    this.write([...this.items(), { envelope, createdAt: now, attempts: 0, nextAttemptAt: now }]);
    return this.attempt(envelope.submissionId, true);
  }

  private async attempt(id: string, firstTry: boolean): Promise<SendOutcome> {
    const item = this.items().find((i) => i.envelope.submissionId === id);
    if (!item) return { status: "sent", id };
    if (this.inFlight.has(id)) return { status: "queued", id };
    this.inFlight.add(id);
    let result: TransportResult;
    try {
      result = await this.o.transport(item.envelope);
    } catch (e) {
      result = { kind: "retry", reason: e instanceof Error ? e.message : String(e) };
    } finally {
      this.inFlight.delete(id);
    }
    if (result.kind === "stored") {
      this.update(id, () => null);
      return { status: "sent", id };
    }
    if (result.kind === "rejected") {
      this.update(id, () => null);
      if (!firstTry) this.keepRejected(item, result);
      return {
        status: "rejected",
        id,
        message: result.message,
        fields: result.fields,
        httpStatus: result.status,
        ...(result.nextSlots ? { nextSlots: result.nextSlots } : {}),
      };
    }
    const attempts = item.attempts + 1;
    const delay = Math.max(result.retryAfterMs ?? 0, backoffDelay(attempts, this.o.random));
    this.update(id, (i) => ({ ...i, attempts, nextAttemptAt: this.o.now() + delay, lastError: result.reason }));
    this.schedule();
    return { status: "queued", id };
  }

  /** Sends every pending submission whose time has come (or all of them with `force`). */
  async flush(force = false): Promise<void> {
    const now = this.o.now();
    const due = this.items().filter((i) => force || i.nextAttemptAt <= now);
    for (const item of due) await this.attempt(item.envelope.submissionId, false);
    this.schedule();
  }

  /** Arms one timer for the earliest pending attempt. */
  schedule() {
    const items = this.items();
    if (!items.length) {
      if (this.timer !== null) this.o.clearTimer(this.timer);
      this.timer = null;
      this.timerAt = Infinity;
      return;
    }
    const at = Math.min(...items.map((i) => i.nextAttemptAt));
    if (this.timer !== null && this.timerAt <= at) return;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timerAt = at;
    this.timer = this.o.setTimer(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        void this.flush();
      },
      Math.max(0, at - this.o.now()),
    );
  }

  /** Stops the timer (tests). */
  stop() {
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }
}
