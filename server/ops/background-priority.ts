/**
 * Background work of the main thread at a lower CPU priority (Linux nice), so that on a machine short of cores
 * the threads that answer cached pages go first (docs/analytics.md, "Its priority").
 *
 * With PGlite the database runs on the main thread: writing a second of analytics events, or rolling them up,
 * is that thread's CPU. At normal priority a page thread that wakes up on a core the main thread holds waits
 * for the main thread's time slice to end; at a high nice value the main thread has used up its share almost
 * at once and gives the core up straight away. `run(work)` raises the calling thread's nice value
 * (`os.setPriority` with pid 0: on Linux the calling thread only, not the process) by `nice` for as long as
 * `work` runs, and puts back its start value (BASE_NICE) when the last overlapping `run` ends. Whatever else
 * the main thread does meanwhile runs at that value too; that only matters while every core is busy, and
 * then pages go first, as with the analytics listener's idle priority.
 *
 * Putting a nice value back needs CAP_SYS_NICE or RLIMIT_NICE ≥ 20 (`docker run --ulimit nice=20`,
 * docs/deploy.md). Without either, lowering it could not be undone: `run` then leaves the priority alone
 * and `warning` says why.
 */
import { readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

export interface BackgroundPriority {
  /** The nice value `run` uses, or 0 when it leaves the priority alone. */
  readonly nice: number;
  /** Why the priority is left alone although a nice value was asked for; null otherwise. */
  readonly warning: string | null;
  run<T>(work: () => Promise<T>): Promise<T>;
}

const CAP_SYS_NICE = 23n;

/**
 * The main thread's nice value when the server started (this module is first loaded on the main thread, at
 * start-up, before any background work): what `run` puts back, and what a thread started later sets itself
 * to (server/site/page-thread.ts), since a thread inherits the value of the thread that creates it, which may
 * be in the middle of background work.
 */
export const BASE_NICE = getPriority(0);

/** Whether this process may put a thread's nice value back to 0 (CAP_SYS_NICE, or RLIMIT_NICE ≥ 20). */
export function mayRestoreNice(proc = (file: string) => readFileSync(`/proc/self/${file}`, "utf8")): boolean {
  try {
    const capEff = /^CapEff:\s*([0-9a-f]+)$/m.exec(proc("status"))?.[1];
    if (capEff && (BigInt(`0x${capEff}`) >> CAP_SYS_NICE) & 1n) return true;
    const soft = /^Max nice priority\s+(\d+|unlimited)/m.exec(proc("limits"))?.[1];
    return soft === "unlimited" || Number(soft) >= 20;
  } catch {
    return false;
  }
}

/** `nice` 0 turns it off; 1 to 19 is the value background work runs at. */
export function backgroundPriority(nice: number, mayRestore = mayRestoreNice): BackgroundPriority {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error(`background nice value must be 0 to 19, got ${nice}`);
  let warning: string | null = null;
  let active = nice;
  if (nice > 0 && process.platform !== "linux") active = 0;
  else if (nice > 0 && !mayRestore()) {
    active = 0;
    warning =
      "background work runs at normal priority: putting a thread's nice value back needs CAP_SYS_NICE or RLIMIT_NICE >= 20 (docs/deploy.md)";
  }
  let depth = 0;
  function set(value: number) {
    try {
      setPriority(0, value);
    } catch (e) {
      // Refused after all (a seccomp or LSM rule): from now on the priority is left alone.
      active = 0;
      warning = `background work runs at normal priority: setting this thread's nice value to ${value} failed (${String(e)})`;
    }
  }
  return {
    get nice() {
      return active;
    },
    get warning() {
      return warning;
    },
    async run(work) {
      if (active === 0) return work();
      if (depth++ === 0) set(Math.min(19, BASE_NICE + active));
      try {
        return await work();
      } finally {
        if (--depth === 0) set(BASE_NICE);
      }
    },
  };
}

/** ANALYTICS_BACKGROUND_NICE: unset or empty → 10; else an integer from 0 (off) to 19. */
export function analyticsBackgroundNice(env: Record<string, string | undefined>): number {
  const value = (env.ANALYTICS_BACKGROUND_NICE ?? "").trim();
  if (value === "") return 10;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 19) throw new Error(`ANALYTICS_BACKGROUND_NICE must be a whole number from 0 to 19, not "${value}"`);
  return n;
}
