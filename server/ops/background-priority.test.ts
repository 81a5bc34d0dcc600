import { execFile } from "node:child_process";
import { getPriority } from "node:os";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  BASE_NICE,
  type PolicySwitch,
  analyticsBackgroundIdle,
  analyticsBackgroundNice,
  backgroundPriority,
  mayRestoreNice,
  policyOf,
  threadId,
} from "./background-priority.ts";

// The thread's value at start: 0, or 10 where the test runner runs a layer beside another (scripts/test.mjs).
const LOW = Math.min(19, BASE_NICE + 10);

const proc = (status: string, limits: string) => (file: string) => (file === "status" ? status : limits);
const LIMITS = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units\nMax nice priority         ${soft}                    ${soft}\n`;

describe("mayRestoreNice", () => {
  it("is true with CAP_SYS_NICE, or with RLIMIT_NICE of at least 20", () => {
    // root's full set, and CAP_SYS_NICE alone (bit 23)
    expect(mayRestoreNice(proc("CapEff:\t000001ffffffffff\n", LIMITS("0")))).toBe(true);
    expect(mayRestoreNice(proc("CapEff:\t0000000000800000\n", LIMITS("0")))).toBe(true);
    // Docker's default set has no CAP_SYS_NICE
    expect(mayRestoreNice(proc("CapEff:\t00000000a80425fb\n", LIMITS("0")))).toBe(false);
    expect(mayRestoreNice(proc("CapEff:\t0000000000000000\n", LIMITS("19")))).toBe(false);
    expect(mayRestoreNice(proc("CapEff:\t0000000000000000\n", LIMITS("20")))).toBe(true);
    expect(mayRestoreNice(proc("CapEff:\t0000000000000000\n", LIMITS("unlimited")))).toBe(true);
    expect(
      mayRestoreNice(() => {
        throw new Error("no /proc");
      }),
    ).toBe(false);
  });
});

describe("backgroundPriority", () => {
  // Needs to be allowed back to 0 (root has CAP_SYS_NICE; CI runs as root).
  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "runs the work at the nice value and puts the start value back after the last overlapping run",
    async () => {
      expect(getPriority(0)).toBe(BASE_NICE);
      const bg = backgroundPriority(10);
      expect(bg.nice).toBe(10);
      expect(bg.warning).toBeNull();
      const seen: number[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const long = bg.run(async () => {
        seen.push(getPriority(0));
        await gate;
        seen.push(getPriority(0));
        return "long";
      });
      // A second run that ends first leaves the value for the first.
      expect(await bg.run(async () => getPriority(0))).toBe(LOW);
      expect(getPriority(0)).toBe(LOW);
      release();
      expect(await long).toBe("long");
      expect(seen).toEqual([LOW, LOW]);
      expect(getPriority(0)).toBe(BASE_NICE);
      // A failing run puts it back too, and its error reaches the caller.
      await expect(
        bg.run(async () => {
          throw new Error("write failed");
        }),
      ).rejects.toThrow("write failed");
      expect(getPriority(0)).toBe(BASE_NICE);
    },
  );

  it("leaves the priority alone, and says why, when it could not be put back", async () => {
    const bg = backgroundPriority(10, () => false);
    expect(bg.nice).toBe(0);
    expect(bg.warning).toMatch(/CAP_SYS_NICE or RLIMIT_NICE/);
    const before = getPriority(0);
    expect(await bg.run(async () => getPriority(0))).toBe(before);
  });

  it("does nothing at 0, and refuses a value outside 0 to 19", async () => {
    const bg = backgroundPriority(0, () => {
      throw new Error("not asked");
    });
    expect(bg.nice).toBe(0);
    expect(bg.warning).toBeNull();
    expect(await bg.run(async () => 7)).toBe(7);
    expect(() => backgroundPriority(20)).toThrow(/0 to 19/);
    expect(() => backgroundPriority(-1)).toThrow(/0 to 19/);
  });
});

describe("backgroundPriority at SCHED_IDLE", () => {
  const state = () => `${getPriority(0)} ${policyOf(threadId())}`;
  const NORMAL = `${BASE_NICE} other`;
  const IDLE = `${BASE_NICE} idle`;

  // Switching back to the normal policy needs the same right as the nice value (CI runs as root); chrt is util-linux's.
  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "runs the work at SCHED_IDLE through chrt, back to normal after the last overlapping run, at once on boost()",
    async () => {
      const warnings: string[] = [];
      const bg = backgroundPriority(10, mayRestoreNice, { onWarning: (m) => warnings.push(m) });
      try {
        expect(bg.mode).toBe("idle");
        expect(state()).toBe(NORMAL);
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const seen: string[] = [];
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        const long = bg.run(async () => {
          seen.push(state());
          started();
          await gate;
          seen.push(state());
          return "long";
        });
        await running;
        // A second run that ends first leaves the policy for the first.
        expect(await bg.run(async () => state())).toBe(IDLE);
        expect(state()).toBe(IDLE);
        release();
        expect(await long).toBe("long");
        expect(seen).toEqual([IDLE, IDLE]);
        expect(state()).toBe(NORMAL);

        // boost(): someone waits for this thread; the rest of the run is at the normal policy. A boost from
        // the run's own work (a statement it queues itself) is no one waiting, and changes nothing.
        let boosted!: () => void;
        const after = new Promise<void>((resolve) => (boosted = resolve));
        let selfBoosted!: () => void;
        const inside = new Promise<void>((resolve) => (selfBoosted = resolve));
        const run = bg.run(async () => {
          const before = state();
          bg.boost();
          await new Promise((r) => setTimeout(r, 100));
          const afterOwn = state();
          selfBoosted();
          await after;
          return [before, afterOwn, state()];
        });
        await inside;
        bg.boost();
        await new Promise((r) => setTimeout(r, 100));
        boosted();
        expect(await run).toEqual([IDLE, IDLE, NORMAL]);
        expect(state()).toBe(NORMAL);
        // The next run is lowered again; a failing one is put back too, and its error reaches the caller.
        await expect(
          bg.run(async () => {
            expect(state()).toBe(IDLE);
            throw new Error("write failed");
          }),
        ).rejects.toThrow("write failed");
        expect(state()).toBe(NORMAL);
        expect(warnings).toEqual([]);
      } finally {
        bg.close();
      }
    },
  );

  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "puts the thread back at the normal policy after a second at idle, even while the work goes on",
    async () => {
      const bg = backgroundPriority(10, mayRestoreNice, {});
      try {
        expect(
          await bg.run(async () => {
            const first = state();
            await new Promise((r) => setTimeout(r, 1500));
            return [first, state()];
          }),
        ).toEqual([IDLE, NORMAL]);
        expect(state()).toBe(NORMAL);
      } finally {
        bg.close();
      }
    },
  );

  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "is never left at SCHED_IDLE when the switch back fails: it falls back to the nice value and puts the policy back itself",
    async () => {
      const warnings: string[] = [];
      const self = String(threadId());
      // Sets idle for real, then fails every switch back (as a helper that ended would).
      const halfBroken: PolicySwitch = {
        set: async (policy) => policy === "idle" && (await promisify(execFile)("chrt", ["--idle", "--pid", "0", self]), true),
        close: () => undefined,
      };
      const bg = backgroundPriority(10, mayRestoreNice, { policySwitch: () => halfBroken, onWarning: (m) => warnings.push(m) });
      expect(await bg.run(async () => state())).toBe(IDLE);
      expect(bg.mode).toBe("nice");
      expect(warnings).toEqual([expect.stringMatching(/SCHED_IDLE could not be set \(chrt --other failed\)/)]);
      for (let i = 0; i < 100 && state() !== NORMAL; i++) await new Promise((r) => setTimeout(r, 10));
      expect(state()).toBe(NORMAL);
    },
  );

  it.runIf(process.platform === "linux" && mayRestoreNice())(
    "falls back to the nice value, and says so once, when the policy cannot be set",
    async () => {
      const warnings: string[] = [];
      const closed: boolean[] = [];
      const broken: PolicySwitch = { set: async () => false, close: () => void closed.push(true) };
      const bg = backgroundPriority(10, mayRestoreNice, { policySwitch: () => broken, onWarning: (m) => warnings.push(m) });
      expect(bg.mode).toBe("idle");
      expect(await bg.run(async () => state())).toBe(`${LOW} other`);
      expect(state()).toBe(NORMAL);
      expect(bg.mode).toBe("nice");
      expect(await bg.run(async () => state())).toBe(`${LOW} other`);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/runs at nice 10: SCHED_IDLE could not be set/);
      expect(bg.warning).toBe(warnings[0]);
      expect(closed).toEqual([true]);
    },
  );

  it("is not asked for where the priority could not be put back", async () => {
    const bg = backgroundPriority(10, () => false, {
      policySwitch: () => {
        throw new Error("not asked");
      },
    });
    expect(bg.mode).toBe("off");
    expect(await bg.run(async () => 7)).toBe(7);
  });
});

describe("analyticsBackgroundIdle", () => {
  it("is SCHED_IDLE unless the nice value alone is asked for", () => {
    expect(analyticsBackgroundIdle({})).toBe(true);
    expect(analyticsBackgroundIdle({ ANALYTICS_BACKGROUND_PRIORITY: "idle" })).toBe(true);
    expect(analyticsBackgroundIdle({ ANALYTICS_BACKGROUND_PRIORITY: " nice " })).toBe(false);
    expect(() => analyticsBackgroundIdle({ ANALYTICS_BACKGROUND_PRIORITY: "low" })).toThrow(/must be "idle" or "nice", not "low"/);
  });
});

describe("analyticsBackgroundNice", () => {
  it("is 10 when unset, a whole number from 0 to 19 otherwise", () => {
    expect(analyticsBackgroundNice({})).toBe(10);
    expect(analyticsBackgroundNice({ ANALYTICS_BACKGROUND_NICE: " " })).toBe(10);
    expect(analyticsBackgroundNice({ ANALYTICS_BACKGROUND_NICE: "0" })).toBe(0);
    expect(analyticsBackgroundNice({ ANALYTICS_BACKGROUND_NICE: "19" })).toBe(19);
    for (const bad of ["20", "-1", "5.5", "low", "1e1"]) {
      expect(() => analyticsBackgroundNice({ ANALYTICS_BACKGROUND_NICE: bad })).toThrow(/ANALYTICS_BACKGROUND_NICE must be/);
    }
  });
});
