import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";
import { SharedRateLimiter } from "./shared-rate-limit.ts";

describe("SharedRateLimiter", () => {
  it("gives the in-memory limiter's verdicts: a window from the first hit, Retry-After to its end, then a new one", () => {
    const clock = { now: 1_000_000 };
    const rule = { limit: 3, windowSeconds: 60 };
    const shared = new SharedRateLimiter(rule, null, () => clock.now);
    const memory = new RateLimiter(rule, () => clock.now);
    const both = (key: string) => {
      const a = shared.hit(key);
      expect(a).toEqual(memory.hit(key));
      return a;
    };
    expect([1, 2, 3].map(() => both("203.0.113.1").ok)).toEqual([true, true, true]);
    expect(both("203.0.113.1")).toEqual({ ok: false, retryAfter: 60 });
    expect(both("203.0.113.2")).toEqual({ ok: true });
    clock.now += 59_500;
    expect(both("203.0.113.1")).toEqual({ ok: false, retryAfter: 1 });
    clock.now += 500;
    expect(both("203.0.113.1")).toEqual({ ok: true });
  });

  it("keeps many keys apart, and reuses the slots of ended windows", () => {
    const clock = { now: 0 };
    const limiter = new SharedRateLimiter({ limit: 2, windowSeconds: 1 }, null, () => clock.now, 1024);
    for (let round = 0; round < 3; round++) {
      const keys = Array.from({ length: 400 }, (_, i) => `10.${round}.${i >> 8}.${i & 255}`);
      for (const k of keys) expect(limiter.hit(k).ok).toBe(true);
      for (const k of keys) expect(limiter.hit(k).ok).toBe(true);
      expect(keys.filter((k) => !limiter.hit(k).ok)).toHaveLength(keys.length);
      clock.now += 1000;
    }
  });

  it("lets exactly the limit through when several threads hit one key at once", async () => {
    const limiter = new SharedRateLimiter({ limit: 100_000, windowSeconds: 60 });
    const go = new Int32Array(new SharedArrayBuffer(4));
    // Plain Node in the workers (type stripping), as in the page threads.
    const url = pathToFileURL(join(process.cwd(), "server/api/shared-rate-limit.ts")).href;
    const code = `
      const { workerData, parentPort } = require("node:worker_threads");
      import(workerData.url).then(({ SharedRateLimiter }) => {
        const limiter = new SharedRateLimiter(workerData.rule, workerData.buffer);
        const go = new Int32Array(workerData.go);
        parentPort.postMessage("ready");
        Atomics.wait(go, 0, 0);
        let ok = 0;
        for (let i = 0; i < workerData.hits; i++) if (limiter.hit(i % 7 === 0 ? "other" : "198.51.100.9").ok) ok++;
        parentPort.postMessage(ok);
      });`;
    const workers = Array.from(
      { length: 4 },
      () =>
        new Worker(code, {
          eval: true,
          workerData: { url, rule: limiter.rule, buffer: limiter.buffer, go: go.buffer, hits: 70_000 },
        }),
    );
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once("message", resolve))));
    const results = workers.map((w) => new Promise<number>((resolve, reject) => w.once("message", resolve).once("error", reject)));
    Atomics.store(go, 0, 1);
    Atomics.notify(go, 0);
    // And the main thread hits the same table meanwhile.
    let ok = 0;
    for (let i = 0; i < 20_000; i++) if (limiter.hit("198.51.100.9").ok) ok++;
    const passed = (await Promise.all(results)).reduce((a, b) => a + b, ok);
    await Promise.all(workers.map((w) => w.terminate()));
    // 4 × 70,000 hits: 4 × 10,000 on "other" (all pass), 4 × 60,000 + 20,000 on the address, of which exactly
    // 100,000 pass (without the lock, counts lost between threads let more through).
    expect(passed).toBe(100_000 + 40_000);
  });
});
