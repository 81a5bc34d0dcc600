/** /functions/v1/booking-slots: the free demo times (the shared handler, as the Edge Function runs it). */
import type { Request, Response } from "express";
import { handleBookingSlots } from "../../../supabase/functions/_shared/booking-slots-handler.ts";
import { functionErrors, principal } from "../http.ts";
import { bridge } from "./bridge.ts";
import type { FunctionsContext } from "./context.ts";

export const BOOKING_SLOTS_ERRORS = functionErrors("The free times could not be read");

export async function bookingSlots(ctx: FunctionsContext, req: Request, res: Response) {
  principal(req, ctx.jwtSecret, "functions");
  req.resume();
  await bridge(req, res, undefined, (request) => handleBookingSlots(request, { busy: ctx.busy, markets: ctx.markets, now: ctx.now }));
}
