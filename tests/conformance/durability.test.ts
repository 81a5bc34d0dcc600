/**
 * Durability: kill -9 the server while submissions stream in; after a restart on the same data
 * directory, every submission that got a 2xx is there.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, templateDataDir } from "../support/api-server.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "api-durability-"));

function start(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/api/standalone.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", ADMIN_EMAIL, ADMIN_PASSWORD, SUBMIT_RATE_LIMIT: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolveStart, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1]! });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("durability", () => {
  it("keeps every acknowledged submission across kill -9", async () => {
    // A migrated data directory (creating a PGlite cluster is not what this test is about).
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    const first = await start();
    const secret = readFileSync(join(dataDir, "jwt-secret"), "utf8").trim();
    const { anonKey, serviceRoleKey } = apiKeys(secret);
    const acked: string[] = [];
    let stop = false;

    async function stream() {
      while (!stop) {
        const submissionId = randomUUID();
        try {
          const res = await fetch(`${first.url}/functions/v1/submit-form`, {
            method: "POST",
            headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json" },
            body: JSON.stringify({
              formType: "sales_lead",
              // A sales lead, not a demo booking: bookings are unique per slot, and this stream sends hundreds.
              payload: {
                fullName: "Durable Dana",
                email: "dana@example.com",
                countryCode: "+971",
                phoneNumber: "501234567",
                phone: "+971501234567",
                country: "UAE",
                city: "",
                company: "",
                preferredCallTime: "9-5",
              },
              path: "/",
              submissionId,
            }),
          });
          if (res.status >= 200 && res.status < 300) acked.push(submissionId);
          await res.body?.cancel();
        } catch {
          return; // the server is gone
        }
      }
    }

    const streams = Array.from({ length: 4 }, stream);
    // let some land, then kill in the middle of the stream
    while (acked.length < 150) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise((r) => first.child.once("exit", r));
    first.child.kill("SIGKILL");
    await exited;
    stop = true;
    await Promise.all(streams);
    expect(acked.length).toBeGreaterThanOrEqual(150);

    const second = await start();
    const ids = new Set<string>();
    for (let offset = 0; ; offset += 1000) {
      const res = await fetch(`${second.url}/rest/v1/form_submissions?select=submission_id&order=created_at&limit=1000&offset=${offset}`, {
        headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
      });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { submission_id: string }[];
      for (const r of rows) ids.add(r.submission_id);
      if (rows.length < 1000) break;
    }
    const missing = acked.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    second.child.kill("SIGTERM");
    await new Promise((r) => second.child.once("exit", r));
  });
});
