import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { BASE_NICE, analyticsBackgroundNice, backgroundPriority, mayRestoreNice } from "./background-priority.ts";

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
