/** Starts the embedded API in-process on 127.0.0.1:<free port> with a temp data directory. */
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { createApi, type Api } from "../../server/api/index.ts";
import type { Database } from "../../src/lib/database.types.ts";

export interface TestServer {
  url: string;
  api: Api;
  dataDir: string;
  client(key?: string): SupabaseClient<Database>;
  close(): Promise<void>;
}

export const quietLog = { info() {}, warn() {}, error: (m: string, e?: object) => console.error(m, e) };

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "correct horse battery staple";
export const USER_EMAIL = "editor@example.com";
export const USER_PASSWORD = "not an admin 12345";

/**
 * A migrated, seeded PGlite data directory made once (per content of the schema files) and copied
 * for each test server: creating a PGlite cluster costs seconds, copying one does not.
 */
export async function templateDataDir(): Promise<string> {
  const root = new URL("../../", import.meta.url).pathname;
  const hash = createHash("sha256");
  const migrations = join(root, "supabase/migrations");
  for (const f of readdirSync(migrations).sort()) hash.update(f).update(readFileSync(join(migrations, f)));
  for (const f of ["server/db/bootstrap.sql", "supabase/seed.sql"]) hash.update(readFileSync(join(root, f)));
  hash.update(ADMIN_EMAIL + ADMIN_PASSWORD);
  const dir = join(tmpdir(), `api-test-template-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(join(dir, "pg", "PG_VERSION"))) return dir;
  const work = mkdtempSync(join(tmpdir(), "api-test-template-work-"));
  const api = await createApi({ dataDir: work, siteUrl: "http://127.0.0.1", env: { ADMIN_EMAIL, ADMIN_PASSWORD }, log: quietLog });
  await api.close();
  try {
    renameSync(work, dir);
  } catch {
    rmSync(work, { recursive: true, force: true }); // another run made it first
  }
  return dir;
}

/** `now`: the API's clock (see createApi), for tests that move time instead of waiting. */
export async function startServer(
  opts: { env?: Record<string, string>; databaseUrl?: string; dataDir?: string; now?: () => Date } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "api-test-"));
  if (!opts.dataDir && !opts.databaseUrl) cpSync(await templateDataDir(), dataDir, { recursive: true });
  const env = {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SUBMIT_RATE_LIMIT: "1000/60",
    AUTH_SIGNIN_RATE_LIMIT: "1000/60",
    AUTH_SIGNIN_IP_RATE_LIMIT: "1000/60",
    ...opts.env,
  };
  const app = express();
  app.set("trust proxy", "loopback");
  let url = "http://127.0.0.1:0";
  const api = await createApi({ dataDir, databaseUrl: opts.databaseUrl, siteUrl: url, env, log: quietLog, now: opts.now });
  app.use(api.router);
  app.use((_req, res) => {
    res.status(404).json({ message: "not found" });
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A second user who is signed in but not an administrator.
  const { ensureUser } = await import("../../server/api/users.ts");
  await api.db.transaction((tx) => ensureUser(tx, USER_EMAIL, USER_PASSWORD, { admin: false }));
  return {
    url,
    api,
    dataDir,
    client(key = api.anonKey) {
      return createClient<Database>(url, key, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await api.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signedIn(srv: TestServer, email: string, password: string) {
  const c = srv.client();
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client: c, session: data.session! };
}

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let slotCounter = 0;
/**
 * A demo slot no other call in this process returns (bookings are unique per slot): weekdays from three
 * days ahead, 09:00 to 17:00 on the half hour (the default availability, Dubai time).
 */
export function nextFreeSlot(): { demoDate: string; demoTime: string } {
  const n = slotCounter++;
  const day = Math.floor(n / 17);
  const minute = 9 * 60 + (n % 17) * 30;
  const d = new Date(Date.now() + 3 * 86_400_000);
  let weekdays = 0;
  for (;;) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) {
      if (weekdays === day) break;
      weekdays++;
    }
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return {
    demoDate: d.toISOString().slice(0, 10),
    demoTime: `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`,
  };
}

/** Next Monday (a bookable demo date) as YYYY-MM-DD. */
export function nextBookableDate(from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 2));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
