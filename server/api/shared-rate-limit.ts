/**
 * A fixed-window rate limiter whose counters live in a SharedArrayBuffer, so that every thread of the process
 * (the main thread and the page threads, server/site/page-threads.ts) counts against the same limit: the
 * analytics beacon is answered by whichever thread the kernel gave the connection to, and N threads with
 * counters of their own would let N times the limit through.
 *
 * Same rule and same verdicts as RateLimiter.hit (server/api/rate-limit.ts): a key's window starts at its
 * first hit and lasts `windowSeconds`; a hit is counted, and refused once the count is over `limit`, with the
 * seconds until the window ends.
 *
 * The table: SLOTS slots of (tag, count, window end). A key's slot is found from a 32-bit hash of it (FNV-1a)
 * with linear probing over PROBES slots, and recognised by a second, independent 32-bit hash (the tag): two
 * keys share a counter only if both hashes collide. A slot whose window has ended is reused; when all of a
 * key's probes hold live windows of other keys, the one ending soonest is taken over (its key starts a fresh
 * window; the in-memory limiter likewise forgets every key once it holds 100,000). Each hit is one short
 * critical section under a futex-style lock (Atomics.compareExchange / wait / notify), so checking and
 * counting stay one step across threads: N hits spread over the threads let exactly `limit` through.
 *
 * Plain TypeScript that Node loads without a loader (the page threads import it).
 */
import type { RateLimitRule } from "./rate-limit.ts";

const SLOTS = 131_072; // 2 MB
const PROBES = 16;
const HEADER = 8; // bytes: the lock word and padding, so the Float64 array is aligned
const bytesFor = (slots: number) => HEADER + slots * (4 + 4 + 8);

type SharedVerdict = { ok: true } | { ok: false; retryAfter: number };

export class SharedRateLimiter {
  readonly rule: RateLimitRule;
  /** Send this to other threads (with the rule) to count against the same table there. */
  readonly buffer: SharedArrayBuffer;
  readonly #now: () => number;
  readonly #lock: Int32Array;
  readonly #tags: Int32Array;
  readonly #counts: Uint32Array;
  readonly #ends: Float64Array;
  readonly #mask: number;

  constructor(rule: RateLimitRule, buffer: SharedArrayBuffer | null = null, now: () => number = Date.now, slots = SLOTS) {
    if (slots & (slots - 1)) throw new Error("slots must be a power of two");
    this.rule = rule;
    this.#now = now;
    this.buffer = buffer ?? new SharedArrayBuffer(bytesFor(slots));
    const n = (this.buffer.byteLength - HEADER) / 16;
    if (!Number.isInteger(n) || n & (n - 1)) throw new Error("not a shared rate limiter's buffer");
    this.#lock = new Int32Array(this.buffer, 0, 1);
    this.#tags = new Int32Array(this.buffer, HEADER, n);
    this.#counts = new Uint32Array(this.buffer, HEADER + 4 * n, n);
    this.#ends = new Float64Array(this.buffer, HEADER + 8 * n, n);
    this.#mask = n - 1;
  }

  #acquire() {
    const l = this.#lock;
    let c = Atomics.compareExchange(l, 0, 0, 1);
    if (c === 0) return;
    for (let spin = 0; spin < 64; spin++) {
      c = Atomics.compareExchange(l, 0, 0, 1);
      if (c === 0) return;
    }
    // Contended: mark it (2) and sleep until the holder wakes us (it may have been descheduled).
    if (c !== 2) c = Atomics.exchange(l, 0, 2);
    while (c !== 0) {
      Atomics.wait(l, 0, 2, 5);
      c = Atomics.exchange(l, 0, 2);
    }
  }

  #release() {
    if (Atomics.sub(this.#lock, 0, 1) !== 1) {
      Atomics.store(this.#lock, 0, 0);
      Atomics.notify(this.#lock, 0, 1);
    }
  }

  /** Counts one hit; `ok: false` once the key is over its limit in the current window. */
  hit(key: string): SharedVerdict {
    // Two independent 32-bit FNV-1a hashes: the slot and the tag.
    let h1 = 0x811c9dc5;
    let h2 = 0x2f9be6cd;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x01000193);
    }
    h2 ^= h2 >>> 15;
    const tag = h2 | 0 || 1;
    const now = this.#now();
    const windowMs = this.rule.windowSeconds * 1000;
    const tags = this.#tags;
    const ends = this.#ends;
    this.#acquire();
    try {
      let slot = -1;
      let free = -1;
      let soonest = -1;
      for (let p = 0; p < PROBES; p++) {
        const i = (h1 + p) & this.#mask;
        if (tags[i] === tag) {
          slot = i;
          break;
        }
        if (free < 0 && (tags[i] === 0 || ends[i]! <= now)) free = i;
        if (soonest < 0 || ends[i]! < ends[soonest]!) soonest = i;
      }
      if (slot < 0) {
        slot = free >= 0 ? free : soonest;
        tags[slot] = tag;
        ends[slot] = 0;
      }
      if (ends[slot]! <= now) {
        ends[slot] = now + windowMs;
        this.#counts[slot] = 0;
      }
      // Saturates just over the limit: the verdict only needs to know it was passed.
      const count = Math.min(this.#counts[slot]! + 1, this.rule.limit + 1);
      this.#counts[slot] = count;
      if (count > this.rule.limit) return { ok: false, retryAfter: Math.max(1, Math.ceil((ends[slot]! - now) / 1000)) };
      return { ok: true };
    } finally {
      this.#release();
    }
  }
}
