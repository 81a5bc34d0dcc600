/**
 * The Supabase Edge Functions as Supabase runs them: each served by Deno from supabase/functions/ alone
 * (its own import map, the generated domain copy), talking to the embedded API over HTTP with the keys a
 * hosted project gives them. A lead posted to the Deno-served submit-form is stored with its source; the
 * Deno-served booking-slots answers with the calendar the API holds and sees a booking as taken.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeFunctions, ensureDeno } from "../../scripts/lib/deno.mjs";
import { nextFreeSlot, startServer, type TestServer } from "../support/api-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
let srv: TestServer;
const served = new Map<string, { url: string; child: ChildProcess; output: string[] }>();

/** Starts `deno run` on one function at a free loopback port and resolves with its address. */
function serve(name: string, env: Record<string, string>) {
  const dir = path.join(root, "supabase/functions", name);
  const child = spawn(
    ensureDeno(),
    ["run", "--allow-net=127.0.0.1", "--allow-env", "--config", path.join(dir, "deno.json"), path.join(dir, "index.ts")],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1", DENO_SERVE_ADDRESS: "tcp:127.0.0.1:0", ...env },
    },
  );
  const output: string[] = [];
  return new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(""));
      if (m) {
        served.set(name, { url: m[1]!, child, output });
        resolve(m[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`deno ${name} exited (${code}): ${output.join("")}`)));
  });
}

beforeAll(async () => {
  srv = await startServer({ env: { SUBMIT_RATE_LIMIT: "off" } });
  await serve("submit-form", { SUPABASE_URL: srv.url, SUPABASE_SERVICE_ROLE_KEY: srv.api.serviceRoleKey, SUBMIT_RATE_LIMIT: "5/60" });
  await serve("booking-slots", { SUPABASE_URL: srv.url, SUPABASE_ANON_KEY: srv.api.anonKey });
}, 120_000);

afterAll(async () => {
  for (const { child } of served.values()) child.kill("SIGTERM");
  await srv?.close();
});

const sql = async <T>(q: string, params: unknown[] = []) => (await srv.api.db.query<T>(q, params)).rows;

describe("Edge Functions served by Deno", () => {
  it("covers every function in supabase/functions", () => {
    expect(edgeFunctions(root).sort()).toEqual([...served.keys()].sort());
  });

  it("submit-form stores a demo booking and where it came from, through the API's RPCs", async () => {
    const slot = nextFreeSlot();
    const body = {
      formType: "demo_booking",
      payload: {
        fullName: "Layla Haddad",
        email: `deno-${randomUUID().slice(0, 8)}@example.ae`,
        phone: "+971501234567",
        company: "Marina Homes",
        ...slot,
      },
      path: "/en/blog/dubai-off-plan-investment-guide",
      locale: "en",
      timeZone: "Asia/Dubai",
      submissionId: randomUUID(),
      attribution: {
        first: { source: "whatsapp", campaign: "dubai-q1", landingPage: "/en/blog/speed", at: new Date().toISOString() },
        latest: { landingPage: "/en/blog/speed", at: new Date().toISOString() },
      },
    };
    const res = await fetch(served.get("submit-form")!.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ id: body.submissionId, status: "stored" });
    const [row] = await sql<{ form_type: string; client_ip: string; channel: string; lead_id: string | null; starts_at: string | null }>(
      `select s.form_type, host(s.client_ip) as client_ip, s.attribution -> 'first' ->> 'channel' as channel, s.lead_id,
              (select b.starts_at::text from public.bookings b where b.submission_id = s.id) as starts_at
         from public.form_submissions s where s.submission_id = $1`,
      [body.submissionId],
    );
    expect(row).toMatchObject({ form_type: "demo_booking", client_ip: "203.0.113.7", channel: "whatsapp" });
    expect(row!.lead_id).not.toBeNull();
    expect(row!.starts_at).not.toBeNull();

    // The same slot again: the function reads the booking back through the API and says it is taken.
    const again = await fetch(served.get("submit-form")!.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, submissionId: randomUUID(), attribution: undefined }),
    });
    expect(again.status).toBe(409);
  });

  it("submit-form answers bad input with a 400 naming the field and stores nothing", async () => {
    const submissionId = randomUUID();
    const res = await fetch(served.get("submit-form")!.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ formType: "demo_booking", payload: { fullName: "x" }, path: "/en", locale: "en", submissionId }),
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe("invalid_input");
    expect(Object.keys(answer.fields)).toEqual(expect.arrayContaining(["payload.email"]));
    expect(await sql("select 1 from public.form_submissions where submission_id = $1", [submissionId])).toHaveLength(0);
  });

  it("booking-slots reads the markets from the API and shows a booked time as taken", async () => {
    const slot = nextFreeSlot();
    const body = {
      formType: "demo_booking",
      payload: {
        fullName: "Omar Khalid",
        email: `slots-${randomUUID().slice(0, 8)}@example.ae`,
        phone: "+971501112233",
        company: "Palm Realty",
        ...slot,
      },
      path: "/en",
      locale: "en",
      timeZone: "Asia/Dubai",
      submissionId: randomUUID(),
    };
    expect(
      (
        await fetch(served.get("submit-form")!.url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(201);
    const [{ market, starts_at }] = (await sql<{ market: string; starts_at: string }>(
      `select b.market_id as market, to_char(b.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at
         from public.bookings b join public.form_submissions s on s.id = b.submission_id where s.submission_id = $1`,
      [body.submissionId],
    )) as [{ market: string; starts_at: string }];
    const res = await fetch(`${served.get("booking-slots")!.url}?date=${slot.demoDate}&market=${market}`);
    expect(res.status).toBe(200);
    const day = (await res.json()) as { market: string; slots: { start: string; free: boolean }[] };
    expect(day.market).toBe(market);
    expect(day.slots.find((s) => s.start === starts_at)).toMatchObject({ free: false });
    expect(day.slots.some((s) => s.free)).toBe(true);
  });
});
