/**
 * Supabase Edge Function `booking-slots` (Deno): free/busy of a demo day, the same handler as the
 * embedded server (../_shared/booking-slots-handler.ts). Reads only public.booking_busy (start instants of
 * confirmed bookings), with the anon key: nothing about who booked a slot.
 *
 * Deploy: npx supabase functions deploy booking-slots --use-api   (see docs/backend.md)
 * The calendars come from public.markets (docs/markets.md); BOOKING_WORKING_DAYS and BOOKING_HOURS are retired.
 */
import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { handleBookingSlots } from "../_shared/booking-slots-handler.ts";
import { MARKET_COLUMNS, marketFromRow } from "../_shared/domain/booking/markets.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** The markets' booking calendars (public.markets, readable by anyone), read for every request: an owner's change applies at once. */
async function markets() {
  const { data, error } = await supabase.from("markets").select(MARKET_COLUMNS).order("position").order("id");
  if (error) throw new Error(`markets failed: ${error.code} ${error.message}`);
  return (data ?? []).map(marketFromRow);
}

async function busy(from: Date, to: Date, market: string): Promise<number[]> {
  const { data, error } = await supabase.rpc("booking_busy", { p_from: from.toISOString(), p_to: to.toISOString(), p_market: market });
  if (error) throw new Error(`booking_busy failed: ${error.code} ${error.message}`);
  return (data ?? []).map((s: string) => Date.parse(s));
}

Deno.serve(async (req: Request) => {
  try {
    return await handleBookingSlots(req, { busy, markets });
  } catch (e) {
    console.error(e);
    return new Response(JSON.stringify({ error: "internal", message: "The free times could not be read" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
    });
  }
});
