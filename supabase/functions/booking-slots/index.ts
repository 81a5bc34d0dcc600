/**
 * Supabase Edge Function `booking-slots` (Deno): free/busy of a demo day, the same handler as the
 * embedded server (../_shared/booking-slots-handler.ts). Reads only public.booking_busy (start instants of
 * confirmed bookings), with the anon key: nothing about who booked a slot.
 *
 * Deploy: npx supabase functions deploy booking-slots --use-api   (see docs/backend.md)
 * Optional secrets: BUSINESS_TIME_ZONE, BOOKING_WORKING_DAYS, BOOKING_HOURS (as for the Node server).
 */
// @ts-nocheck -- Deno globals and npm: specifiers; type-checked by `deno check`, not by the Node build.
import { createClient } from "npm:@supabase/supabase-js@2.119.1";
import { handleBookingSlots } from "../_shared/booking-slots-handler.ts";
import { availabilityFromEnv } from "../../../src/lib/booking/availability.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

const availability = availabilityFromEnv({
  BUSINESS_TIME_ZONE: Deno.env.get("BUSINESS_TIME_ZONE"),
  BOOKING_WORKING_DAYS: Deno.env.get("BOOKING_WORKING_DAYS"),
  BOOKING_HOURS: Deno.env.get("BOOKING_HOURS"),
});

async function busy(from: Date, to: Date): Promise<number[]> {
  const { data, error } = await supabase.rpc("booking_busy", { p_from: from.toISOString(), p_to: to.toISOString() });
  if (error) throw new Error(`booking_busy failed: ${error.code} ${error.message}`);
  return (data ?? []).map((s: string) => Date.parse(s));
}

Deno.serve(async (req: Request) => {
  try {
    return await handleBookingSlots(req, { busy, availability });
  } catch (e) {
    console.error(e);
    return new Response(JSON.stringify({ error: "internal", message: "The free times could not be read" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
    });
  }
});
