/**
 * An exclusive lock on a data directory, so that two servers never open the same PGlite files
 * (PGlite takes no lock itself). The lock is a file holding the owner's pid; a lock left behind by a
 * process that no longer runs (kill -9, power cut) is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

const held = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | null) {
    super(
      `The data directory ${dir} is already in use by another server` +
        (pid ? ` (pid ${pid})` : "") +
        `. Stop that server first, or start this one with a different DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // A zombie (exited, not yet reaped) still answers kill(0); it holds nothing.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state === "Z" || state === "X") return false;
  } catch {
    /* no /proc: trust kill(0) */
  }
  return true;
}

export interface DirLock {
  release(): void;
}

export function lockDataDir(dir: string): DirLock {
  const file = join(dir, "server.lock");
  if (held.has(file)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let pid: number | null = null;
      try {
        pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      } catch {
        continue; // vanished between open and read: try again
      }
      if (pid !== null && Number.isFinite(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      // Stale lock from a process that is gone.
      try {
        unlinkSync(file);
      } catch {
        /* someone else removed it */
      }
    }
  }
  throw new DataDirLockedError(dir, null);
}

/** The pid of the live process holding the directory's lock, or null when none does. */
export function lockHolder(dir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dir, "server.lock"), "utf8").trim(), 10);
  } catch {
    return null;
  }
  return Number.isFinite(pid) && isRunning(pid) ? pid : null;
}
