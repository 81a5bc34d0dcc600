/** The database side of the shared form and booking handlers: store a submission, read busy slots. */
import { type Database, type Queryable, isPgError } from "../../db/database.ts";
import { MARKET_COLUMNS, type Market, type MarketRow, marketFromRow } from "../../../src/lib/booking/markets.ts";
import type { StoreOutcome, SubmissionRow } from "../../../supabase/functions/_shared/submit-form-handler.ts";
import { withRole } from "../context.ts";

export function makeStore(db: Database) {
  return async function store(row: SubmissionRow): Promise<StoreOutcome> {
    // What both statements store after the ids: the payload and where it came from.
    const submitted = [JSON.stringify(row.payload), row.page_path, row.locale, row.time_zone, row.user_agent, row.client_ip];
    try {
      return await withRole(db, "service_role", { role: "service_role" }, async (tx) => {
        const outcome = await storeIn(tx);
        // Where the visit came from, in the same transaction: the submission, its lead, its subscriber.
        if (row.attribution && (outcome === "created" || outcome === "slot_lost")) {
          await tx.query("select public.submission_attribute($1, $2)", [row.submission_id, JSON.stringify(row.attribution)]);
        }
        return outcome;
      });
    } catch (e) {
      if (isSlotTaken(e)) return "slot_taken";
      throw e;
    }

    async function storeIn(tx: Queryable): Promise<StoreOutcome> {
      if (row.form_type === "demo_booking" && row.starts_at && row.queued_at && row.lost_reason) {
        // A queued booking whose time had passed on arrival: kept as a lead without a booking
        // (supabase/migrations/20261127080000_keep_late_offline_bookings.sql).
        const r = await tx.query<{ outcome: StoreOutcome }>(
          "select public.keep_lead_without_booking($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) as outcome",
          [row.submission_id, ...submitted, row.starts_at, row.queued_at, row.lost_reason],
        );
        return r.rows[0]!.outcome;
      }
      if (row.form_type === "demo_booking" && row.starts_at && row.queued_at) {
        // A booking sent after queueing: booked, or kept as a lead when the slot was taken meanwhile
        // (supabase/migrations/20261127030000_offline_booking_slot_lost.sql).
        const r = await tx.query<{ outcome: StoreOutcome }>(
          "select public.book_demo_or_keep_lead($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) as outcome",
          [row.submission_id, ...submitted, row.starts_at, row.queued_at, marketOf(row)],
        );
        return r.rows[0]!.outcome;
      }
      if (row.form_type === "demo_booking" && row.starts_at) {
        // The submission and its slot in one transaction (supabase/migrations/*_bookings.sql).
        const r = await tx.query<{ outcome: StoreOutcome }>("select public.book_demo($1, $2, $3, $4, $5, $6, $7, $8, $9) as outcome", [
          row.submission_id,
          ...submitted,
          row.starts_at,
          row.market ?? null,
        ]);
        return r.rows[0]!.outcome;
      }
      const r = await tx.query<{ id: string }>(
        `insert into public.form_submissions
             (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
           values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict do nothing
           returning id`,
        [row.submission_id, row.form_type, ...submitted],
      );
      if (r.rows.length) return "created";
      const seen = await tx.query("select 1 from public.form_submissions where submission_id = $1", [row.submission_id]);
      return seen.rows.length ? "replayed" : "merged";
    }
  };
}

/**
 * Where a read runs: visitors' own requests (booking-slots) in the API lane; a form submission's reads in
 * the reserved lane with the submission itself, so API traffic cannot turn a lead away (server/api/context.ts).
 */
interface ReadLane {
  reserved?: boolean;
}

/** The booking form's market choice, when the payload names one (the default market otherwise). */
function marketOf(row: SubmissionRow): string | null {
  const m = row.market ?? row.payload.market;
  return typeof m === "string" && m ? m : null;
}

/** The unique violation of "one confirmed booking per slot". */
function isSlotTaken(e: unknown): boolean {
  if (!isPgError(e) || e.code !== "23505") return false;
  return e.constraint === "bookings_confirmed_slot_key" || /bookings_confirmed_slot_key/.test(e.message);
}

/** Starts (ms) of the market's confirmed bookings in [from, to), read as the anonymous role through the free/busy function. */
export function makeBusy(db: Database, { reserved = false }: ReadLane = {}) {
  return (from: Date, to: Date, market: string) =>
    withRole(
      db,
      "anon",
      { role: "anon" },
      async (tx) => {
        const r = await tx.query<{ s: string | Date }>("select public.booking_busy($1, $2, $3) as s", [
          from.toISOString(),
          to.toISOString(),
          market,
        ]);
        return r.rows.map((x) => new Date(x.s).getTime());
      },
      { reserved },
    );
}

/** The markets and their booking calendars (public.markets), read as the anonymous role, in their order. */
export function makeMarkets(db: Database, { reserved = false }: ReadLane = {}) {
  return (): Promise<Market[]> =>
    withRole(
      db,
      "anon",
      { role: "anon" },
      async (tx) => {
        const r = await tx.query<MarketRow>(
          `select ${MARKET_COLUMNS.replace("holidays", "holidays::text[] as holidays")} from public.markets order by position, id`,
        );
        return r.rows.map(marketFromRow);
      },
      { reserved },
    );
}
