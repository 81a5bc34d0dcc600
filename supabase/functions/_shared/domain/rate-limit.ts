// GENERATED from server/api/rate-limit.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * The one rate limiter: fixed-window counters per key, in memory, bounded in size. Checking and
 * counting are one synchronous step (`take`, `hit`), so parallel requests cannot all pass a check
 * made before any of them counted. Also used by the deployed Edge Function (no Node-only imports).
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** "10/60" → 10 per 60 s. Returns null for "0", "off" or "none" (no limit). */
export function parseRateLimit(raw: string | undefined, fallback: RateLimitRule): RateLimitRule | null {
  if (raw === undefined || raw.trim() === "") return fallback;
  const s = raw.trim().toLowerCase();
  if (s === "0" || s === "off" || s === "none") return null;
  const m = /^(\d{1,9})\s*(?:\/\s*(\d{1,7}))?$/.exec(s);
  if (!m) throw new Error(`Invalid rate limit "${raw}": expected N/SECONDS, e.g. 10/60`);
  const limit = Number(m[1]);
  const windowSeconds = m[2] ? Number(m[2]) : 60;
  if (limit < 1 || windowSeconds < 1) throw new Error(`Invalid rate limit "${raw}"`);
  return { limit, windowSeconds };
}

export class RateLimiter {
  #hits = new Map<string, { count: number; resetAt: number }>();
  readonly rule: RateLimitRule;
  private readonly now: () => number;
  private readonly maxKeys: number;
  constructor(rule: RateLimitRule, now: () => number = Date.now, maxKeys = 100_000) {
    this.rule = rule;
    this.now = now;
    this.maxKeys = maxKeys;
  }

  /** The key's entry in its current window (a new window once the last one ended). */
  #window(key: string) {
    const now = this.now();
    let e = this.#hits.get(key);
    if (!e || e.resetAt <= now) {
      if (this.#hits.size >= this.maxKeys) this.prune(now);
      e = { count: 0, resetAt: now + this.rule.windowSeconds * 1000 };
      this.#hits.set(key, e);
    }
    return { e, now };
  }

  #refused(e: { resetAt: number }, now: number) {
    return { ok: false as const, retryAfter: Math.max(1, Math.ceil((e.resetAt - now) / 1000)) };
  }

  /** Counts one hit; `ok: false` once the key is over its limit in the current window. */
  hit(key: string): { ok: true } | { ok: false; retryAfter: number } {
    const { e, now } = this.#window(key);
    e.count++;
    if (e.count > this.rule.limit) return this.#refused(e, now);
    return { ok: true };
  }

  /**
   * Reserves one unit before the work it guards (e.g. before comparing a password): refused without
   * counting when the key is at its limit. `release()` gives the unit back (e.g. after a successful
   * sign-in), within the same window only.
   */
  take(key: string): { ok: true; release(): void } | { ok: false; retryAfter: number } {
    const { e, now } = this.#window(key);
    if (e.count >= this.rule.limit) return this.#refused(e, now);
    e.count++;
    const entry = e;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        if (this.#hits.get(key) === entry && entry.count > 0) entry.count--;
      },
    };
  }

  /** Whether the key is currently over the limit, without counting a hit. */
  blocked(key: string): { ok: true } | { ok: false; retryAfter: number } {
    const now = this.now();
    const e = this.#hits.get(key);
    if (!e || e.resetAt <= now || e.count < this.rule.limit) return { ok: true };
    return { ok: false, retryAfter: Math.max(1, Math.ceil((e.resetAt - now) / 1000)) };
  }

  reset(key: string) {
    this.#hits.delete(key);
  }

  prune(now = this.now()) {
    for (const [k, e] of this.#hits) if (e.resetAt <= now) this.#hits.delete(k);
    if (this.#hits.size >= this.maxKeys) this.#hits.clear();
  }
}
