/** The visitor's own booking through the signed link of their email (docs/markets.md): read it, cancel it, move it. */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Market } from "@/lib/booking/markets";

export type ManageState = "open" | "used" | "cancelled" | "past" | "closed" | "taken" | "rescheduled" | "invalid" | "expired" | "error";

export interface ManagedBooking {
  startsAt: string;
  durationMinutes: number;
  status: "confirmed" | "cancelled";
  visitorTimeZone: string | null;
  locale: "ar" | "en";
}

export interface ManageAnswer {
  state: ManageState;
  booking?: ManagedBooking;
  market?: Market;
  /** After a move: the link for the new time (the same one the new email carries). */
  token?: string;
}

const STATES: readonly ManageState[] = ["open", "used", "cancelled", "past", "closed", "taken", "rescheduled", "invalid", "expired"];

/** A refused change (404, 409, 410) is an answer with a state too, not a failure. */
async function answerOf(data: unknown, error: unknown): Promise<ManageAnswer> {
  let body = data as ManageAnswer | null;
  const response = (error as { context?: unknown } | null)?.context;
  if (error && response instanceof Response) {
    body = (await response.json().catch(() => null)) as ManageAnswer | null;
  }
  if (!body || !STATES.includes(body.state)) return { state: "error" };
  return body;
}

export async function getManagedBooking(client: SupabaseClient, token: string): Promise<ManageAnswer> {
  const { data, error } = await client.functions.invoke(`booking-manage?token=${encodeURIComponent(token)}`, { method: "GET" });
  return answerOf(data, error);
}

export async function cancelManagedBooking(client: SupabaseClient, token: string): Promise<ManageAnswer> {
  const { data, error } = await client.functions.invoke("booking-manage", { method: "POST", body: { token, action: "cancel" } });
  return answerOf(data, error);
}

export async function rescheduleManagedBooking(client: SupabaseClient, token: string, startsAt: string): Promise<ManageAnswer> {
  const { data, error } = await client.functions.invoke("booking-manage", {
    method: "POST",
    body: { token, action: "reschedule", startsAt },
  });
  return answerOf(data, error);
}
