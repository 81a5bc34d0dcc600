/**
 * The browser outbox: every visitor submission is written here (localStorage) before it is sent, and
 * stays until the server acknowledges it. Nothing is dropped when the network or the server is down:
 * a pending submission is retried with exponential backoff, on reconnect, when the tab becomes visible
 * again and on the next page load. Each submission carries an idempotency key (submissionId), so a retry
 * never makes a second row.
 *
 * The outbox is transport-agnostic (the transport is injected), so it is unit-tested with a fake one.
 */
import type { Attribution } from "@/lib/attribution/attribution";
import type { FormType } from "@/lib/forms/schemas";

export interface Envelope {
  formType: FormType;
  payload: Record<string, unknown>;
  path: string;
  locale: "ar" | "en";
  timeZone?: string;
  submissionId: string;
  website?: string;
  /** When it was queued (ISO instant): set on every send after the first try (docs/product.md#submit). */
  queuedAt?: string;
  /** Where the visit came from (src/lib/attribution): absent when the tab recorded nothing. */
  attribution?: Attribution;
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
  | {
      kind: "rejected";
      status: number;
      message: string;
      fields: Record<string, string>;
      nextSlots?: FreeSlot[];
      /** 409 of a queued booking: the server kept the details as a lead (no booking); `requested` is the lost time. */
      stored?: boolean;
      /** With `stored`: the requested time had passed when the booking arrived (rather than being taken). */
      passed?: boolean;
      requested?: FreeSlot;
      /** The business clock the slots are on (IANA zone). */
      timeZone?: string;
    }
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
/** What the visitor must be shown about submissions that left the outbox without being stored as sent. */
export const NOTICES_KEY = "wasla.outbox.notices.v1";

/**
 * A queued submission the server answered with something the visitor has to see (kept in localStorage
 * until dismissed, shown on whatever page is open by the outbox notice island):
 * - "slot_lost": a booking whose time was taken while it waited; the server kept the details (a lead);
 *   `nextSlots` are free times to book instead;
 * - "refused": the server refused it (400 etc.): what and why;
 * - "rebooked": the visitor picked one of the free times and it is booked (`booked`).
 */
export interface OutboxNotice {
  id: string;
  kind: "slot_lost" | "refused" | "rebooked";
  envelope: Envelope;
  /** When the server answered (ms since epoch). */
  at: number;
  status?: number;
  message?: string;
  fields?: Record<string, string>;
  requested?: FreeSlot;
  nextSlots?: FreeSlot[];
  timeZone?: string;
  /** "rebooked": the slot now booked; "slot_lost": true once a picked time was taken too. */
  booked?: FreeSlot;
  retaken?: boolean;
  /** "slot_lost": the requested time had passed when the booking arrived (not taken by someone else). */
  passed?: boolean;
  /** "rebooked": waiting in the outbox instead of sent. */
  queued?: boolean;
}

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
      /** The server kept the details (a queued booking whose time was taken): see the outbox notice. */
      stored?: boolean;
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
  private noticeListeners = new Set<(notices: OutboxNotice[]) => void>();

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

  /** What the visitor must be shown, oldest first. */
  notices(): OutboxNotice[] {
    try {
      const raw = this.storage.getItem(NOTICES_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as OutboxNotice[]).filter((n) => n?.id && n.envelope) : [];
    } catch {
      return [];
    }
  }

  subscribeNotices(fn: (notices: OutboxNotice[]) => void): () => void {
    this.noticeListeners.add(fn);
    return () => this.noticeListeners.delete(fn);
  }

  private writeNotices(list: OutboxNotice[]): boolean {
    let ok = true;
    try {
      if (list.length) this.storage.setItem(NOTICES_KEY, JSON.stringify(list.slice(-20)));
      else this.storage.removeItem(NOTICES_KEY);
    } catch (e) {
      ok = false;
      this.o.log?.("outbox: could not persist a notice", e);
    }
    const shown = this.notices();
    for (const l of this.noticeListeners) l(shown);
    return ok;
  }

  /** Adds or replaces the notice with `notice.id`. */
  putNotice(notice: OutboxNotice): boolean {
    return this.writeNotices([...this.notices().filter((n) => n.id !== notice.id), notice]);
  }

  /** Changes a notice (null removes it). */
  updateNotice(id: string, fn: (n: OutboxNotice) => OutboxNotice | null) {
    const out: OutboxNotice[] = [];
    for (const n of this.notices()) {
      if (n.id !== id) out.push(n);
      else {
        const next = fn(n);
        if (next) out.push(next);
      }
    }
    this.writeNotices(out);
  }

  /** The visitor closed it. */
  dismissNotice(id: string) {
    this.updateNotice(id, () => null);
  }

  /** "pending" while queued, "notice" when it left with something to show, "sent" otherwise (or unknown). */
  stateOf(id: string): "pending" | "notice" | "sent" {
    if (this.items().some((i) => i.envelope.submissionId === id)) return "pending";
    if (this.notices().some((n) => n.id === id)) return "notice";
    return "sent";
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

  /**
   * A queued submission the server answered but did not store as sent: the visitor must see why (the
   * notice), and for a refusal a copy is also kept aside (and logged) for support to recover.
   * Returns false when the notice could not be written (then the entry stays queued).
   */
  private keepRejected(item: OutboxItem, result: Extract<TransportResult, { kind: "rejected" }>): boolean {
    const notice: OutboxNotice = {
      id: item.envelope.submissionId,
      kind: result.status === 409 && result.stored ? "slot_lost" : "refused",
      envelope: item.envelope,
      at: this.o.now(),
      status: result.status,
      message: result.message,
      fields: result.fields,
      ...(result.requested ? { requested: result.requested } : {}),
      ...(result.nextSlots ? { nextSlots: result.nextSlots } : {}),
      ...(result.timeZone ? { timeZone: result.timeZone } : {}),
      ...(result.passed ? { passed: true } : {}),
    };
    const shown = this.putNotice(notice);
    if (notice.kind === "slot_lost") return shown;
    try {
      const raw = this.storage.getItem(REJECTED_KEY);
      const list = raw ? (JSON.parse(raw) as unknown[]) : [];
      list.push({ ...item, rejectedAt: this.o.now(), status: result.status, message: result.message, fields: result.fields });
      this.storage.setItem(REJECTED_KEY, JSON.stringify(list.slice(-20)));
    } catch {
      /* storage full or blocked: the log below is all we can do */
    }
    this.o.log?.("outbox: the server refused a queued submission", { envelope: item.envelope, result });
    return shown;
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
    // Sent after queueing: the server keeps a booking whose time was taken meanwhile (docs/product.md#submit).
    const envelope = firstTry
      ? item.envelope
      : { ...item.envelope, queuedAt: item.envelope.queuedAt ?? new Date(item.createdAt).toISOString() };
    let result: TransportResult;
    try {
      result = await this.o.transport(envelope);
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
      // A queued one leaves the outbox only once its notice is saved: the visitor is shown why.
      if (firstTry || this.keepRejected({ ...item, envelope }, result)) this.update(id, () => null);
      else {
        this.update(id, (i) => ({ ...i, nextAttemptAt: this.o.now() + backoffDelay(i.attempts + 1, this.o.random) }));
        this.schedule();
      }
      return {
        status: "rejected",
        id,
        message: result.message,
        fields: result.fields,
        httpStatus: result.status,
        ...(result.nextSlots ? { nextSlots: result.nextSlots } : {}),
        ...(result.stored ? { stored: true } : {}),
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
