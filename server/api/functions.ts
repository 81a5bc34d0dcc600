/** /functions/v1: the Edge Functions this project has, run in-process. */
import express, { type Request, type Response } from "express";
import { type Availability, DEFAULT_AVAILABILITY } from "../../src/lib/booking/availability.ts";
import { handleBookingSlots } from "../../supabase/functions/_shared/booking-slots-handler.ts";
import { type Database, isPgError } from "../db/database.ts";
import {
  SUBMIT_FORM_MAX_BODY,
  handleSubmitForm,
  type StoreOutcome,
  type SubmissionRow,
} from "../../supabase/functions/_shared/submit-form-handler.ts";
import { clientAddress } from "./client-address.ts";
import { withRole } from "./context.ts";
import { HttpError, principal, readBody } from "./http.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface FunctionsDeps {
  db: Database;
  jwtSecret: string;
  submitLimiter: RateLimiter | null;
  now?: () => Date;
  /** Demo availability (BUSINESS_TIME_ZONE, BOOKING_WORKING_DAYS, BOOKING_HOURS). */
  availability?: Availability;
  onError(e: unknown): void;
  log(msg: string, extra?: object): void;
}

export function makeStore(db: Database) {
  return async function store(row: SubmissionRow): Promise<StoreOutcome> {
    try {
      return await withRole(db, "service_role", { role: "service_role" }, async (tx) => {
        if (row.form_type === "demo_booking" && row.starts_at) {
          // The submission and its slot in one transaction (supabase/migrations/*_bookings.sql).
          const r = await tx.query<{ outcome: StoreOutcome }>(
            "select public.book_demo($1, $2, $3, $4, $5, $6, $7, $8) as outcome",
            [row.submission_id, JSON.stringify(row.payload), row.page_path, row.locale, row.time_zone, row.user_agent, row.client_ip, row.starts_at],
          );
          return r.rows[0]!.outcome;
        }
        const r = await tx.query<{ id: string }>(
          `insert into public.form_submissions
             (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict do nothing
           returning id`,
          [row.submission_id, row.form_type, JSON.stringify(row.payload), row.page_path, row.locale, row.time_zone, row.user_agent, row.client_ip],
        );
        if (r.rows.length) return "created";
        const seen = await tx.query("select 1 from public.form_submissions where submission_id = $1", [row.submission_id]);
        return seen.rows.length ? "replayed" : "merged";
      });
    } catch (e) {
      if (isSlotTaken(e)) return "slot_taken";
      throw e;
    }
  };
}

/** The unique violation of "one confirmed booking per slot". */
export function isSlotTaken(e: unknown): boolean {
  if (!isPgError(e) || e.code !== "23505") return false;
  return e.constraint === "bookings_confirmed_slot_key" || /bookings_confirmed_slot_key/.test(e.message);
}

/** Starts (ms) of confirmed bookings in [from, to), read as the anonymous role through the free/busy function. */
export function makeBusy(db: Database) {
  return (from: Date, to: Date) =>
    withRole(db, "anon", { role: "anon" }, async (tx) => {
      const r = await tx.query<{ s: string | Date }>("select public.booking_busy($1, $2) as s", [from.toISOString(), to.toISOString()]);
      return r.rows.map((x) => new Date(x.s).getTime());
    });
}

/** Runs a shared web-standard handler (Request → Response) behind Express. */
async function bridge(req: Request, res: Response, body: Buffer | undefined, handler: (request: globalThis.Request) => Promise<globalThis.Response>) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  }
  headers.delete("content-length");
  const request = new globalThis.Request(`http://localhost${req.originalUrl}`, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined });
  const response = await handler(request);
  res.status(response.status);
  response.headers.forEach((value, key) => {
    if (!key.startsWith("access-control-")) res.setHeader(key, value);
  });
  res.send(Buffer.from(await response.arrayBuffer()));
}

export function functionsRouter(deps: FunctionsDeps) {
  const router = express.Router();
  const store = makeStore(deps.db);
  const busy = makeBusy(deps.db);
  const availability = deps.availability ?? DEFAULT_AVAILABILITY;

  router.all("/booking-slots", async (req: Request, res: Response) => {
    try {
      principal(req, deps.jwtSecret, "functions");
      req.resume();
      await bridge(req, res, undefined, (request) => handleBookingSlots(request, { busy, availability, now: deps.now }));
    } catch (e) {
      if (e instanceof HttpError) {
        for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
        res.status(e.status).json(e.body);
        return;
      }
      deps.onError(e);
      res.status(500).json({ error: "internal", message: "The free times could not be read" });
    }
  });

  router.all("/submit-form", async (req: Request, res: Response) => {
    try {
      principal(req, deps.jwtSecret, "functions");
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        body = await readBody(req, SUBMIT_FORM_MAX_BODY, () =>
          new HttpError(413, { error: "payload_too_large", message: `The submission is larger than ${SUBMIT_FORM_MAX_BODY} bytes` }),
        );
      }
      const ip = clientAddress(req);
      await bridge(req, res, body, (request) =>
        handleSubmitForm(request, {
          store,
          clientIp: ip === "unknown" ? null : ip,
          rateLimitKey: ip,
          now: deps.now,
          availability,
          busy,
          rateLimit: deps.submitLimiter ? (key) => deps.submitLimiter!.hit(key) : undefined,
          log: deps.log,
        }),
      );
    } catch (e) {
      if (!req.readableEnded) req.resume();
      if (e instanceof HttpError) {
        for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
        res.status(e.status).json(e.body);
        return;
      }
      deps.onError(e);
      res.status(500).json({ error: "internal", message: "The submission could not be stored" });
    }
  });

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ code: "NOT_FOUND", message: "Requested function was not found" });
  });
  return router;
}
