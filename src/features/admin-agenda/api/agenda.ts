/** The agenda's data (docs/product.md#admin-agenda): public.booking_agenda, cancel_booking, reschedule_booking. RLS: owners and sales. */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { AgendaRow, Database } from "@/lib/database.types";

export type { AgendaRow };

/** Bookings starting in [from, to), confirmed and cancelled, earliest first. */
export async function listAgenda(supabase: SupabaseClient<Database>, from: Date, to: Date): Promise<AgendaRow[]> {
  // A function's result carries no NOT NULL or check constraint: its rows are the AgendaRow they are.
  const { data, error } = await supabase
    .rpc("booking_agenda", { p_from: from.toISOString(), p_to: to.toISOString() })
    .overrideTypes<AgendaRow[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** Why a change was refused: the new slot was just taken (409 underneath), or anything else. */
export class AgendaChangeError extends Error {
  readonly reason: "slot_taken" | "failed";
  constructor(reason: "slot_taken" | "failed", message: string) {
    super(message);
    this.reason = reason;
    this.name = "AgendaChangeError";
  }
}

export async function cancelBooking(supabase: SupabaseClient<Database>, id: string, reason: string): Promise<void> {
  const { error } = await supabase.rpc("cancel_booking", { p_id: id, p_reason: reason.trim() || undefined });
  if (error) throw new AgendaChangeError("failed", error.message);
}

export async function rescheduleBooking(supabase: SupabaseClient<Database>, id: string, startsAt: string): Promise<void> {
  const { error } = await supabase.rpc("reschedule_booking", { p_id: id, p_starts_at: startsAt });
  if (error) throw new AgendaChangeError(error.code === "23505" ? "slot_taken" : "failed", error.message);
}

type AgendaPageFunctionRow = Database["public"]["Functions"]["booking_agenda_page"]["Returns"][number];

/**
 * A row of public.booking_agenda_page(): the booking, its lead, market (and the market's clock), who
 * takes it and who moved or cancelled it. Narrowed to the columns' own nullability.
 */
export type AgendaEntry = Omit<AgendaRow, never> &
  Pick<AgendaPageFunctionRow, "market_id" | "market_time_zone" | "created_at"> & {
    lead_id: string | null;
    rescheduled_at: string | null;
    rescheduled_by_email: string | null;
    cancelled_by_email: string | null;
    cancel_reason: string | null;
    assignee_id: string | null;
    assignee_email: string | null;
  };

export interface AgendaPageQuery {
  from?: Date | null;
  to?: Date | null;
  status?: "confirmed" | "cancelled" | null;
  descending?: boolean;
  limit: number;
  offset?: number;
  leadId?: string;
}

/** A page of bookings in any range (either end open), earliest or latest first (at most 200). */
export async function listAgendaPage(supabase: SupabaseClient<Database>, q: AgendaPageQuery): Promise<AgendaEntry[]> {
  const { data, error } = await supabase
    .rpc("booking_agenda_page", {
      p_from: q.from?.toISOString(),
      p_to: q.to?.toISOString(),
      p_status: q.status ?? undefined,
      p_descending: q.descending ?? false,
      p_limit: q.limit,
      p_offset: q.offset ?? 0,
      p_lead: q.leadId,
    })
    .overrideTypes<AgendaEntry[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data ?? [];
}
