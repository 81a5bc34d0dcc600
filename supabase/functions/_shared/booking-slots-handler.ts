/**
 * The booking-slots function (docs/product.md#booking, docs/markets.md): which demo slots of a day are
 * free, on a market's clock. It answers free/busy only, never who booked a slot. Runtime-agnostic like
 * submit-form (web Request in, web Response out): the embedded server and the Edge Function share it.
 *
 *   GET /functions/v1/booking-slots?market=canada&date=2026-11-30
 *   → 200 {market, markets, timeZone, workingDays, slotMinutes, firstDay, date, slots: [{date, time, start, free}]}
 *   GET /functions/v1/booking-slots[?market=canada] → the same without date/slots (the calendars).
 *   No market: the default market. An unknown market → 400 {fields: {market}}.
 *   GET /functions/v1/booking-slots?date=2026-02-31 (or "abc", or empty) → 400 {error: "invalid_input", message, fields: {date}}
 */
import { addDays, dateInZone, isBookableDay, isRealDate, slotsOfDay } from "./domain/booking/availability.ts";
import { DEFAULT_MARKETS, type Market } from "./domain/booking/markets.ts";

interface BookingSlotsDeps {
  /** Starts (ms since the epoch) of the market's confirmed bookings in [from, to). */
  busy(from: Date, to: Date, market: string): Promise<number[]>;
  /** The markets and their calendars (public.markets); DEFAULT_MARKETS when absent. */
  markets?(): Promise<readonly Market[]>;
  now?: () => Date;
}

const HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, OPTIONS",
  "Content-Type": "application/json; charset=utf-8",
  // Free/busy changes with every booking: never cached.
  "Cache-Control": "no-store",
};

const INVALID_DATE = "date must be a calendar date, YYYY-MM-DD";

const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...HEADERS, ...extra } });

export async function handleBookingSlots(req: Request, deps: BookingSlotsDeps): Promise<Response> {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: HEADERS });
  if (req.method !== "GET" && req.method !== "HEAD") {
    return json(405, { error: "method_not_allowed", message: "Use GET" }, { Allow: "GET, OPTIONS" });
  }
  const params = new URL(req.url).searchParams;
  const date = params.get("date");
  // "abc", "" and impossible days ("2026-02-31") are the caller's mistake, not a day without slots.
  if (date !== null && !isRealDate(date)) {
    return json(400, { error: "invalid_input", message: INVALID_DATE, fields: { date: INVALID_DATE } });
  }
  const read = deps.markets ? await deps.markets() : [];
  const markets = read.length ? read : DEFAULT_MARKETS;
  const asked = params.get("market");
  const a = asked ? markets.find((m) => m.id === asked) : (markets.find((m) => m.isDefault) ?? markets[0]);
  if (!a) {
    const message = "market must be one of the markets";
    return json(400, { error: "invalid_input", message, fields: { market: message } });
  }
  const now = (deps.now ?? (() => new Date()))();
  const today = dateInZone(now, a.timeZone);
  let firstDay = today;
  for (let i = 0; i < 60 && !isBookableDay(firstDay, now, a); i++) firstDay = addDays(firstDay, 1);
  const settings = {
    market: a.id,
    markets,
    timeZone: a.timeZone,
    workingDays: a.workingDays,
    slotMinutes: a.slotMinutes,
    horizonDays: a.horizonDays,
    holidays: a.holidays,
    today,
    firstDay,
  };
  if (date === null) return json(200, settings);
  const slots = slotsOfDay(date, now, a);
  if (!slots.length) return json(200, { ...settings, date, slots: [] });
  const from = new Date(slots[0]!.start);
  const to = new Date(Date.parse(slots.at(-1)!.start) + 1);
  const taken = new Set(await deps.busy(from, to, a.id));
  return json(200, { ...settings, date, slots: slots.map((s) => ({ ...s, free: !taken.has(Date.parse(s.start)) })) });
}
