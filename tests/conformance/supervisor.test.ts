/**
 * `npm start` supervises the server: a server killed with SIGKILL comes back and serves; SIGTERM
 * stops it for good; a server that cannot start (damaged or locked data directory) is not restarted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, templateDataDir } from "../support/api-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const procs: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  // SIGTERM first: the supervisor then stops its server too (a SIGKILL would leave the server behind).
  const running = procs.filter((p) => p.exitCode === null && p.signalCode === null);
  await Promise.all(
    running.map(
      (p) =>
        new Promise<void>((done) => {
          const force = setTimeout(() => p.kill("SIGKILL"), 10_000);
          p.once("exit", () => (clearTimeout(force), done()));
          p.kill("SIGTERM");
        }),
    ),
  );
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), "api-supervisor-"));
  dirs.push(d);
  cpSync(await templateDataDir(), d, { recursive: true });
  return d;
}

interface Supervised {
  proc: ChildProcess;
  output: () => string;
  waitFor(re: RegExp, from?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

/** PORT=0: the server takes a free port and prints it; each restart prints its own. */
function npmStart(dir: string): Supervised {
  const proc = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, SITE: "off", DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procs.push(proc);
  let out = "";
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on("data", onData);
  proc.stderr!.on("data", onData);
  const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
  return {
    proc,
    output: () => out,
    exited,
    waitFor(re, from = 0) {
      return new Promise((resolveWait, reject) => {
        const check = () => {
          const m = re.exec(out.slice(from));
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolveWait(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${re}; output:\n${out}`));
        }, 90_000);
        listeners.add(check);
        check();
        void exited.then(() => setTimeout(check, 50));
      });
    },
  };
}

/** The supervised server's pid: the supervisor's only child. */
function childOf(pid: number): number {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  expect(kids).toHaveLength(1);
  return kids[0]!;
}

async function readPosts(url: string, anonKey: string): Promise<number> {
  const res = await fetch(`${url}/rest/v1/blog_posts?select=id`, { headers: { apikey: anonKey } });
  return res.status;
}

describe("npm start supervises the server", () => {
  it("restarts a server killed with SIGKILL, saying why, and stops for good on SIGTERM", async () => {
    const dir = await dataDir();
    const s = npmStart(dir);
    const [, url] = await s.waitFor(/listening on (http:\/\/\S+)/);
    const { anonKey } = apiKeys(readFileSync(join(dir, "jwt-secret"), "utf8").trim());
    expect(await readPosts(url!, anonKey)).toBe(200);

    const first = childOf(s.proc.pid!);
    const mark = s.output().length;
    process.kill(first, "SIGKILL");
    await s.waitFor(
      new RegExp(`\\[supervisor\\] server \\(pid ${first}\\) was killed by SIGKILL after [\\d.]+ s\\. Restarting in 1 s\\.`),
      mark,
    );
    const [, url2] = await s.waitFor(/listening on (http:\/\/\S+)/, mark);
    await s.waitFor(/\[supervisor\] server is back \(pid \d+, restart 1\)/, mark);
    const second = childOf(s.proc.pid!);
    expect(second).not.toBe(first);
    expect(await readPosts(url2!, anonKey)).toBe(200);

    s.proc.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(s.output()).toMatch(/\[supervisor\] SIGTERM: stopping the server/);
    expect(s.output().match(/server is back/g)).toHaveLength(1);
    expect(() => process.kill(second, 0)).toThrow(); // the server is gone too
  });

  it("does not restart a server that refuses to start on a damaged data directory", async () => {
    const dir = await dataDir();
    unlinkSync(join(dir, "pg", "PG_VERSION"));
    const s = npmStart(dir);
    expect(await s.exited).not.toBe(0);
    const out = s.output();
    expect(out).toMatch(
      /\[supervisor\] the server could not start and exited with code \d+: DamagedDataDirError: The data directory .* is damaged: PG_VERSION is missing/,
    );
    expect(out).toMatch(/Not restarting/);
    expect(out).not.toMatch(/Restarting in/);
  });

  it("does not restart a server whose data directory is held by another server", async () => {
    const dir = await dataDir();
    const a = npmStart(dir);
    await a.waitFor(/listening on/);
    const b = npmStart(dir);
    expect(await b.exited).not.toBe(0);
    expect(b.output()).toMatch(/\[supervisor\] the server could not start .*already in use by another server \(pid \d+\)/);
    expect(b.output()).not.toMatch(/Restarting in/);
    a.proc.kill("SIGTERM");
    expect(await a.exited).toBe(0);
  });
});
