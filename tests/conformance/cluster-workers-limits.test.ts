/**
 * Rate limits through real server processes (issue 32, "One client address gets exactly the documented
 * number of form submissions and sign-in attempts through 2 nodes × 2 workers"): two `server/main.ts`
 * processes on one PostgreSQL, each with WEB_CONCURRENCY=2 (node:cluster, four web workers in all), the
 * documented defaults (docs/backend.md, "Rate limits": 10 submissions a minute per address, 5 failed
 * sign-ins per email and address). cluster-limits.test.ts covers the same limits with two servers in
 * the test's own process; this one covers the processes a deployment runs. PostgreSQL only
 * (TEST_DATABASE_URL).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/api/jwt.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../support/api-server.ts";
import { backends } from "../support/backends.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const postgres = backends.find((b) => b.name === "PostgreSQL");
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((a, s) => ({ ...a, [s]: (a[s] ?? 0) + 1 }), {});

/** One node: `server/main.ts` with two web workers; resolves with its address once the primary announced it. */
function node(env: Record<string, string>) {
  const base = { ...process.env };
  // The documented defaults, whatever the test run's environment says.
  for (const k of Object.keys(base)) if (/RATE_LIMIT$/.test(k)) delete base[k];
  const proc = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env: { ...base, SITE: "off", PORT: "0", HOST: "127.0.0.1", WEB_CONCURRENCY: "2", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" within 90 s:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+) with (\d+) web workers/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", () => reject(new Error(`exited before listening:\n${out}`)));
  });
  return { proc, url, output: () => out };
}

function stop(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));
  proc.kill("SIGTERM");
  const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
  return exited.finally(() => clearTimeout(timer));
}

describe.skipIf(!postgres)("limits through 2 nodes × 2 workers on one PostgreSQL", () => {
  const procs: ChildProcess[] = [];
  const urls: string[] = [];
  let anonKey = "";
  let teardown = async () => {};
  beforeAll(async () => {
    const setup = await postgres!.setup();
    teardown = setup.teardown;
    // Every node the same JWT secret (docs/deploy.md): the anon key is then known to the test.
    const jwtSecret = randomBytes(32).toString("hex");
    anonKey = apiKeys(jwtSecret).anonKey;
    const env = {
      ...setup.env,
      DATABASE_URL: setup.databaseUrl!,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The test reaches the nodes from 127.0.0.1 and names the visitor in X-Forwarded-For, as a balancer does.
      TRUST_PROXY: "loopback",
      SHUTDOWN_DELAY_SECONDS: "0",
    };
    // Both at once on the empty database, as a first deploy starts them.
    const nodes = [node(env), node(env)];
    procs.push(...nodes.map((n) => n.proc));
    urls.push(...(await Promise.all(nodes.map((n) => n.url))));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(procs.map(stop));
    await teardown();
  }, 60_000);

  const submit = (url: string, ip: string) =>
    fetch(`${url}/functions/v1/submit-form`, {
      method: "POST",
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({
        formType: "newsletter",
        payload: { email: `w-${randomUUID().slice(0, 8)}@example.ae` },
        path: "/",
        locale: "en",
        submissionId: randomUUID(),
      }),
    }).then((r) => r.status);
  const signIn = (url: string, email: string, password: string, ip: string) =>
    fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: anonKey, "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

  it("both nodes run two web workers each", () => {
    expect(urls).toHaveLength(2);
    expect(new Set(urls).size).toBe(2);
  });

  it("one address gets exactly 10 form submissions a minute, in parallel over both nodes and their workers", async () => {
    // 40 at once, alternating between the nodes; each node's primary hands its connections to its two workers.
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => submit(urls[i % 2]!, "198.51.100.40")));
    expect(tally(statuses)).toEqual({ 201: 10, 429: 30 });
    // Another address has its own count.
    expect(await submit(urls[1]!, "198.51.100.41")).toBe(201);
  });

  it("one address gets exactly 5 wrong password guesses per account, in parallel over both nodes and their workers", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(urls[i % 2]!, ADMIN_EMAIL, `wrong-${i}`, "198.51.100.50")),
    );
    expect(tally(statuses)).toEqual({ 400: 5, 429: 15 });
    // The right password from another address still works, on either node.
    expect(await signIn(urls[0]!, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.51")).toBe(200);
    expect(await signIn(urls[1]!, ADMIN_EMAIL, ADMIN_PASSWORD, "198.51.100.52")).toBe(200);
  });
});
