/**
 * npm run backup / npm run restore: a backup taken while the server serves (and takes leads) restores
 * into a new directory with every lead acknowledged before it; restore refuses a running server's
 * directory and never deletes an existing database.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { openDatabase } from "../../server/db/open.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, nextFreeSlot, signedIn, startServer, templateDataDir } from "../support/api-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];
const tmp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/api/standalone.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", ADMIN_EMAIL, ADMIN_PASSWORD, SUBMIT_RATE_LIMIT: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((ok, fail) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) ok({ child, url: m[1]! });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
}

let serverUrl = "";
function cli(script: "backup" | "restore", args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `server/cli/${script}.ts`, ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, BACKUP_URL: serverUrl, DATABASE_URL: "" } },
      (err, stdout, stderr) => done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

async function leadIds(dataDir: string): Promise<Set<string>> {
  const { db, lock } = await openDatabase({ dataDir });
  try {
    return new Set(
      (await db.query<{ submission_id: string }>("select submission_id from public.form_submissions")).rows.map((r) => r.submission_id),
    );
  } finally {
    await db.close();
    lock?.release();
  }
}

describe("backup and restore of the embedded database", () => {
  it("backs up while serving, restores into a new directory with the same leads, refuses a running server's directory", async () => {
    const dataDir = tmp("api-backup-src-");
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    const { child, url } = await serve(dataDir);
    serverUrl = url; // the running server, where npm run backup finds it (BACKUP_URL)
    const { anonKey } = apiKeys(readFileSync(join(dataDir, "jwt-secret"), "utf8").trim());
    const submit = async () => {
      const submissionId = randomUUID();
      const res = await fetch(`${url}/functions/v1/submit-form`, {
        method: "POST",
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          formType: "demo_booking",
          payload: {
            fullName: "Backup Bilal",
            email: "bilal@example.ae",
            phone: "+971501234567",
            company: "Palm Realty",
            ...nextFreeSlot(),
          },
          path: "/",
          submissionId,
        }),
      });
      await res.body?.cancel();
      return res.ok ? submissionId : null;
    };
    const before: string[] = [];
    for (let i = 0; i < 40; i++) {
      const id = await submit();
      if (id) before.push(id);
    }
    expect(before).toHaveLength(40);

    // Leads keep arriving while the backup is taken.
    let streaming = true;
    const during: string[] = [];
    const stream = (async () => {
      while (streaming) {
        const id = await submit();
        if (id) during.push(id);
      }
    })();
    const file = join(tmp("api-backup-file-"), "site.tar.gz");
    const backup = await cli("backup", [file], dataDir);
    streaming = false;
    await stream;
    expect(backup.out).toMatch(/Backed up .* \(taken by the running server, pid \d+\) to .*site\.tar\.gz/);
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o077).toBe(0);

    // The running server's directory is not overwritten.
    const refused = await cli("restore", [file], dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/restore failed: The data directory .* is already in use by another server \(pid \d+\)/);
    expect(readdirSync(dataDir).some((f) => f.startsWith("pg.before-restore"))).toBe(false);

    const restoredDir = tmp("api-backup-dst-");
    const restored = await cli("restore", [file], restoredDir);
    expect(restored.out).toMatch(/Restored .* into .*: \d+ leads \(\d+ submissions\), 1 administrators, \d+ migrations\./);
    expect(restored.code).toBe(0);
    const ids = await leadIds(restoredDir);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // a consistent cut: nothing but the 40 and a prefix-closed part of those taken during the backup
    for (const id of ids) expect(before.includes(id) || during.includes(id)).toBe(true);

    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));

    // With no server running, backup opens the directory itself; restore over an existing database
    // moves it aside instead of deleting it.
    const offline = join(tmp("api-backup-file-"), "offline.tar.gz");
    const second = await cli("backup", [offline], dataDir);
    expect(second.out).toMatch(/\(no server running\)/);
    expect(second.code).toBe(0);
    const again = await cli("restore", [offline], restoredDir);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/The previous database was moved to .*pg\.before-restore-/);
    const aside = readdirSync(restoredDir).find((f) => f.startsWith("pg.before-restore"));
    expect(aside && existsSync(join(restoredDir, aside, "PG_VERSION"))).toBeTruthy();
    const all = await leadIds(restoredDir);
    expect([...before, ...during].filter((id) => !all.has(id))).toEqual([]);
    expect(all.size).toBe(before.length + during.length);
  }, 180_000);

  it("the backup endpoint answers only the service-role key", async () => {
    const srv = await startServer();
    try {
      const post = (key?: string) =>
        fetch(`${srv.url}/embedded/v1/backup`, { method: "POST", headers: key ? { apikey: key, Authorization: `Bearer ${key}` } : {} });
      const admin = await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const [key, status] of [
        [undefined, 401],
        [srv.api.anonKey, 403],
        [admin.session.access_token, 403],
      ] as const) {
        const res = await post(key);
        expect(res.status, String(key).slice(0, 12)).toBe(status);
        expect(res.headers.get("content-type")).toMatch(/json/);
      }
      const ok = await post(srv.api.serviceRoleKey);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("application/gzip");
      const bytes = new Uint8Array(await ok.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(readdirSync(srv.dataDir).filter((f) => f.startsWith(".backup-"))).toEqual([]); // work copy removed
    } finally {
      await srv.close();
    }
  });
});
