/**
 * Background work of the main thread at a lower CPU priority, so that on a machine short of cores the threads
 * that answer cached pages go first (docs/analytics.md, "Its priority").
 *
 * With PGlite the database runs on the main thread: writing a second of analytics events, or rolling them up,
 * is that thread's CPU. `run(work)` lowers the calling thread's priority for as long as `work` runs and puts
 * it back when the last overlapping `run` ends. Whatever else the thread does meanwhile runs at that priority
 * too; that only matters while every core is busy. `boost()` puts it back at once, for the rest of the runs:
 * the server calls it when a statement queues behind the background work (a form waiting for a write).
 *
 * Two ways, in order of preference:
 *
 * - **idle** (the default on Linux): the thread's scheduling policy becomes `SCHED_IDLE` for the work (at
 *   most IDLE_AT_MOST_S in one go, then normal even if it goes on). A page
 *   thread that wakes up takes the core from it at once, and a core running only idle work counts as free
 *   when the kernel places a waking thread. Node has no call for it, so a small helper process (`bash` running
 *   `chrt`, from util-linux, as the analytics listener uses at its start) switches the thread's policy on
 *   request, a millisecond or two each way. Measured: the pages' p99 beside the beacon rose by 23 % with the
 *   writes at nice 10, by 2 % with the same work at `SCHED_IDLE` (docs/analytics.md, 29 November).
 * - **nice**: the thread's nice value is raised by `nice` (`os.setPriority` with pid 0: on Linux the calling
 *   thread only). It gives less: the kernel (EEVDF) still lets a thread that holds a core finish a slice of
 *   its own, about a millisecond, before a page thread that woke up gets the core, whatever its nice value.
 *   Used where `chrt` cannot run (the helper falls back to it and says so) or when asked for.
 *
 * Putting either back needs CAP_SYS_NICE or RLIMIT_NICE ≥ 20 (`docker run --ulimit nice=20`,
 * docs/deploy.md). Without either, lowering could not be undone: `run` then leaves the priority alone and
 * `warning` says why.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { execFile, spawn } from "node:child_process";
import { readFileSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

export interface BackgroundPriority {
  /** How `run` lowers the priority: SCHED_IDLE, a nice value, or not at all. */
  readonly mode: "idle" | "nice" | "off";
  /** The nice value of the "nice" mode (and of the fallback from "idle"), or 0 when off. */
  readonly nice: number;
  /** Why the priority is left alone, or why "idle" fell back to "nice"; null otherwise. */
  readonly warning: string | null;
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Back to the normal priority at once, until the current runs end (someone waits for this thread). */
  boost(): void;
  /** Ends the helper process, if any. */
  close(): void;
}

/** Switches one thread's scheduling policy; resolves false when it could not. */
export interface PolicySwitch {
  set(policy: "idle" | "other"): Promise<boolean>;
  /** Ends it, after switching to `last` if given. */
  close(last?: "other"): void;
}

/** A thread's scheduling policy (field 41 of /proc/…/stat): "other" (normal), "idle", or another's number. */
export function policyOf(tid: number): string {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
  const policy = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38];
  return ({ "0": "other", "3": "batch", "5": "idle" } as Record<string, string>)[policy!] ?? String(policy);
}

/** The calling thread's id (on Linux the main thread's is the process id). */
export const threadId = () => Number(readlinkSync("/proc/thread-self").split("/").pop());

/**
 * How long the thread stays at SCHED_IDLE in one go, at most: on a machine whose cores are all busy with
 * other work, an idle-policy thread gets almost no CPU, and the forms and the admin it also serves must not
 * wait for that. After this the helper puts it back at the normal policy itself, even while the work goes
 * on (a write of a second's events takes tens of milliseconds when a core is free; a minute's roll-up up
 * to a few seconds with many visitors).
 */
const IDLE_AT_MOST_S = 1;

/**
 * A long-lived `bash` that runs `chrt` for each request on its standard input, one line each ("idle 1234"),
 * and answers "ok" or "fail" in order. One process for the server's life (about a megabyte), so a switch
 * costs a fork of that small shell, not of the server. It is also the watchdog: after a switch to idle, if
 * no other request comes within IDLE_AT_MOST_S (`read -t`), it switches the thread back to the normal
 * policy itself. It runs in a process group of its own (a Ctrl-C or a signal to the server's group does not
 * end it before the server), and ends when its input closes: with the server.
 */
function chrtSwitch(tid: number): PolicySwitch {
  const script = [
    'idle=""',
    "while :; do",
    `  if [ -n "$idle" ]; then read -r -t ${IDLE_AT_MOST_S} policy tid; rc=$?; else read -r policy tid; rc=$?; fi`,
    '  if [ "$rc" -gt 128 ]; then chrt --other --pid 0 "$idle" >/dev/null 2>&1; idle=""; continue; fi',
    '  [ "$rc" -eq 0 ] || exit 0',
    '  if chrt --"$policy" --pid 0 "$tid" >/dev/null 2>&1; then',
    '    echo ok; if [ "$policy" = idle ]; then idle=$tid; else idle=""; fi',
    "  else echo fail; fi",
    "done",
  ].join("\n");
  const child = spawn("bash", ["-c", script], { stdio: ["pipe", "pipe", "ignore"], detached: true });
  const waiting: ((ok: boolean) => void)[] = [];
  let broken = false;
  const fail = () => {
    broken = true;
    for (const resolve of waiting.splice(0)) resolve(false);
  };
  child.on("error", fail);
  child.on("exit", fail);
  child.stdin.on("error", fail);
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
      waiting.shift()?.(pending.slice(0, end) === "ok");
      pending = pending.slice(end + 1);
    }
  });
  // The helper never keeps the server running.
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  return {
    set(policy) {
      if (broken) return Promise.resolve(false);
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${policy} ${tid}\n`);
      });
    },
    close(last) {
      if (broken) return;
      broken = true;
      // The shell reads what is written before the end of its input, then exits by itself.
      child.stdin.end(last ? `${last} ${tid}\n` : undefined);
    },
  };
}

interface IdleOptions {
  /** Makes the switch for the calling thread (tests give their own). */
  policySwitch?: () => PolicySwitch;
  /** Told once when "idle" falls back to "nice" (the helper or `chrt` failed). */
  onWarning?: (message: string) => void;
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

/**
 * `nice` 0 turns it off; 1 to 19 is the value background work runs at in the "nice" mode. `idle` (Linux) asks
 * for SCHED_IDLE instead, with the nice value as the fallback.
 */
export function backgroundPriority(nice: number, mayRestore = mayRestoreNice, idle: IdleOptions | null = null): BackgroundPriority {
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) throw new Error(`background nice value must be 0 to 19, got ${nice}`);
  let warning: string | null = null;
  let mode: BackgroundPriority["mode"] = nice > 0 ? "nice" : "off";
  if (nice > 0 && process.platform !== "linux") mode = "off";
  else if (nice > 0 && !mayRestore()) {
    mode = "off";
    warning =
      "background work runs at normal priority: putting a thread's priority back needs CAP_SYS_NICE or RLIMIT_NICE >= 20 (docs/deploy.md)";
  }
  let policy: PolicySwitch | null = null;
  const tid = mode === "nice" && idle ? threadId() : 0;
  if (mode === "nice" && idle) {
    try {
      policy = (idle.policySwitch ?? (() => chrtSwitch(tid)))();
      mode = "idle";
    } catch (e) {
      warning = `background work runs at nice ${nice}: the helper that sets SCHED_IDLE could not start (${String(e)})`;
    }
  }
  /** The work of the runs: a statement it queues itself is no one waiting for it (boost). */
  const inside = new AsyncLocalStorage<true>();
  function fallBack(reason: string) {
    if (mode !== "idle") return;
    mode = "nice";
    policy?.close();
    policy = null;
    warning = `background work runs at nice ${nice}: SCHED_IDLE could not be set (${reason})`;
    idle?.onWarning?.(warning);
    // The thread may have been left at SCHED_IDLE (the helper ended after switching it): put it back once,
    // without the helper.
    execFile("chrt", ["--other", "--pid", "0", String(tid)], () => undefined);
  }
  function setNice(value: number) {
    try {
      setPriority(0, value);
    } catch (e) {
      // Refused after all (a seccomp or LSM rule): from now on the priority is left alone.
      mode = "off";
      warning = `background work runs at normal priority: setting this thread's nice value to ${value} failed (${String(e)})`;
    }
  }
  let depth = 0;
  /** Whether the thread is lowered now (false after a boost, until the runs end). */
  let lowered = false;
  async function lower() {
    lowered = true;
    const p = policy;
    if (mode === "idle" && p) {
      if (await p.set("idle")) return;
      // Unless the helper was replaced meanwhile (it is not: only fallBack and close end it).
      if (policy === p) fallBack("chrt --idle failed");
    }
    // The nice mode, or the fallback to it (unless a boost came meanwhile).
    if (mode === "nice" && lowered) setNice(Math.min(19, BASE_NICE + nice));
  }
  async function restore() {
    if (!lowered) return;
    lowered = false;
    if (mode === "nice") return setNice(BASE_NICE);
    const p = policy;
    if (mode === "idle" && p && !(await p.set("other")) && policy === p && !(await p.set("other")) && policy === p) {
      fallBack("chrt --other failed");
    }
  }
  return {
    get mode() {
      return mode;
    },
    get nice() {
      return mode === "off" ? 0 : nice;
    },
    get warning() {
      return warning;
    },
    async run(work) {
      if (mode === "off") return work();
      if (depth++ === 0) await lower();
      try {
        return await inside.run(true, work);
      } finally {
        if (--depth === 0) await restore();
      }
    },
    boost() {
      if (depth > 0 && lowered && !inside.getStore()) void restore().catch(() => undefined);
    },
    close() {
      // A run still under way (shutdown) must not leave the thread at SCHED_IDLE.
      policy?.close(lowered ? "other" : undefined);
      policy = null;
      if (mode === "idle") mode = "off";
    },
  };
}

/** ANALYTICS_BACKGROUND_PRIORITY: unset, empty or "idle" → SCHED_IDLE (with the nice value as fallback); "nice" → the nice value only. */
export function analyticsBackgroundIdle(env: Record<string, string | undefined>): boolean {
  const value = (env.ANALYTICS_BACKGROUND_PRIORITY ?? "").trim();
  if (value === "" || value === "idle") return true;
  if (value === "nice") return false;
  throw new Error(`ANALYTICS_BACKGROUND_PRIORITY must be "idle" or "nice", not "${value}"`);
}

/** ANALYTICS_BACKGROUND_NICE: unset or empty → 10; else an integer from 0 (off) to 19. */
export function analyticsBackgroundNice(env: Record<string, string | undefined>): number {
  const value = (env.ANALYTICS_BACKGROUND_NICE ?? "").trim();
  if (value === "") return 10;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 19) throw new Error(`ANALYTICS_BACKGROUND_NICE must be a whole number from 0 to 19, not "${value}"`);
  return n;
}
