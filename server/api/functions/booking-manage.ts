/**
 * /functions/v1/booking-manage: the visitor's own booking, through the signed link of their email
 * (docs/markets.md, server/mail/booking-tokens.ts). Nothing personal goes out: the booking's times, its
 * market and its state. Embedded server only (the link is signed with this server's JWT secret).
 *
 *   GET  ?token=…                     → 200 {state, booking, market}   (404 invalid link, 410 expired)
 *   POST {token, action: "cancel"}    → 200 {state: "cancelled", …}
 *   POST {token, action: "reschedule", startsAt} → 200 {state: "rescheduled", token, …}
 *   state: "open" | "used" (made for an older version of the booking) | "cancelled" | "past" |
 *          "closed" (not an open slot) | "taken" (someone holds it)
 */
import type { Request, Response } from "express";
import { type Market, type MarketRow, MARKET_COLUMNS, marketFromRow } from "../../../src/lib/booking/markets.ts";
import { signBookingToken, verifyBookingToken } from "../../mail/booking-tokens.ts";
import { withRole } from "../context.ts";
import { functionError, functionErrors, principal, readJsonObject } from "../http.ts";
import type { FunctionsContext } from "./context.ts";

export const BOOKING_MANAGE_ERRORS = functionErrors("The booking could not be changed");

interface BookingRow {
  id: string;
  starts_at: string | Date;
  duration_minutes: number;
  status: "confirmed" | "cancelled";
  sequence: number;
  visitor_time_zone: string | null;
  locale: "ar" | "en";
  market: MarketRow;
}

interface ManagedBooking {
  startsAt: string;
  durationMinutes: number;
  status: "confirmed" | "cancelled";
  visitorTimeZone: string | null;
  locale: "ar" | "en";
}

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

async function load(ctx: FunctionsContext, id: string): Promise<BookingRow | null> {
  return withRole(ctx.db, "service_role", { role: "service_role" }, async (tx) => {
    const r = await tx.query<BookingRow>(
      `select b.id, b.starts_at, b.duration_minutes, b.status, b.sequence, b.visitor_time_zone, b.locale,
              (select to_jsonb(x) from (select ${MARKET_COLUMNS} from public.markets where id = b.market_id) x) as market
         from public.bookings b where b.id = $1`,
      [id],
    );
    return r.rows[0] ?? null;
  });
}

const view = (b: BookingRow): { booking: ManagedBooking; market: Market } => ({
  booking: {
    startsAt: new Date(b.starts_at).toISOString(),
    durationMinutes: b.duration_minutes,
    status: b.status,
    visitorTimeZone: b.visitor_time_zone,
    locale: b.locale,
  },
  market: marketFromRow(b.market),
});

export async function bookingManage(ctx: FunctionsContext, req: Request, res: Response) {
  principal(req, ctx.jwtSecret, "functions");
  const now = ctx.now ? ctx.now().getTime() : Date.now();
  let body: Record<string, unknown> = {};
  let token: unknown;
  if (req.method === "GET" || req.method === "HEAD") {
    req.resume();
    token = req.query.token;
  } else if (req.method === "POST") {
    body = await readJsonObject(req, 4096, BOOKING_MANAGE_ERRORS);
    token = body.token;
  } else {
    req.resume();
    throw functionError(405, "method_not_allowed", "Use GET or POST", {}, { Allow: "GET, POST" });
  }
  res.set(NO_STORE);
  const check = verifyBookingToken(ctx.jwtSecret, token, now);
  if (!check.ok) {
    return void res.status(check.reason === "expired" ? 410 : 404).json({ state: check.reason });
  }
  const before = await load(ctx, check.bookingId);
  if (!before) return void res.status(404).json({ state: "invalid" });
  const stateOf = (b: BookingRow) =>
    b.status === "cancelled"
      ? "cancelled"
      : b.sequence !== check.sequence
        ? "used"
        : new Date(b.starts_at).getTime() <= now
          ? "past"
          : "open";
  if (req.method !== "POST") return void res.json({ state: stateOf(before), ...view(before) });

  const action = body.action;
  let outcome: string;
  if (action === "cancel") {
    outcome = await withRole(ctx.db, "service_role", { role: "service_role" }, async (tx) => {
      const r = await tx.query<{ o: string }>("select public.visitor_cancel_booking($1, $2) as o", [check.bookingId, check.sequence]);
      return r.rows[0]!.o;
    });
  } else if (action === "reschedule") {
    const startsAt = typeof body.startsAt === "string" ? Date.parse(body.startsAt) : NaN;
    if (Number.isNaN(startsAt)) {
      throw functionError(400, "invalid_input", "startsAt must be an ISO instant", {
        fields: { startsAt: "startsAt must be an ISO instant" },
      });
    }
    outcome = await withRole(ctx.db, "service_role", { role: "service_role" }, async (tx) => {
      const r = await tx.query<{ o: string }>("select public.visitor_reschedule_booking($1, $2, $3) as o", [
        check.bookingId,
        check.sequence,
        new Date(startsAt).toISOString(),
      ]);
      return r.rows[0]!.o;
    });
  } else {
    throw functionError(400, "invalid_input", 'action must be "cancel" or "reschedule"', {
      fields: { action: 'action must be "cancel" or "reschedule"' },
    });
  }
  const after = (await load(ctx, check.bookingId)) ?? before;
  if (outcome === "cancelled" || outcome === "rescheduled") ctx.onMailQueued?.();
  const state = outcome === "gone" ? "cancelled" : outcome;
  const status = state === "cancelled" || state === "rescheduled" ? 200 : 409;
  res.status(status).json({
    state,
    ...view(after),
    ...(outcome === "rescheduled" ? { token: signBookingToken(ctx.jwtSecret, after.id, after.sequence, after.starts_at) } : {}),
  });
}
