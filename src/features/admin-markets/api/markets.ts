/** The markets' booking calendars (public.markets; RLS: anyone reads, owners change). docs/markets.md */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { MARKET_COLUMNS, type MarketRow } from "@/lib/booking/markets";

export type MarketRecord = Omit<MarketRow, "holidays"> & { holidays: string[]; position: number };

export async function listMarkets(supabase: SupabaseClient<Database>): Promise<MarketRecord[]> {
  const { data, error } = await supabase.from("markets").select(MARKET_COLUMNS).order("position").order("id");
  if (error) throw new Error(error.message);
  return (data ?? []) as unknown as MarketRecord[];
}

/** Saves one market: an update of an existing id, or a new row. Throws the database's message (a check that failed). */
export async function saveMarket(supabase: SupabaseClient<Database>, market: MarketRecord, isNew: boolean): Promise<void> {
  const { id, ...fields } = market;
  const { error } = isNew
    ? await supabase.from("markets").insert({ id, ...fields })
    : await supabase.from("markets").update(fields).eq("id", id);
  if (error) throw new Error(error.message);
}
