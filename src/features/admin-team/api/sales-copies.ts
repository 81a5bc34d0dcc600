import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { TeamError } from "./team-errors";

/** Who else receives the team's lead mail (public.sales_notify_settings; owners only). */
export interface SalesCopies {
  recipients: string[];
  /** Keep the server's SALES_NOTIFY_EMAIL addresses as well. */
  includeEnvDefault: boolean;
  /** Copy them on assignment and overdue emails too. */
  copyAssignments: boolean;
}

const DEFAULT_SALES_COPIES: SalesCopies = { recipients: [], includeEnvDefault: true, copyAssignments: false };

export async function loadSalesCopies(supabase: SupabaseClient<Database>): Promise<SalesCopies> {
  const { data, error } = await supabase
    .from("sales_notify_settings")
    .select("recipients, include_env_default, copy_assignments")
    .maybeSingle();
  if (error) throw new TeamError("unknown", error.message);
  if (!data) return DEFAULT_SALES_COPIES;
  return { recipients: data.recipients, includeEnvDefault: data.include_env_default, copyAssignments: data.copy_assignments };
}

export async function saveSalesCopies(supabase: SupabaseClient<Database>, c: SalesCopies): Promise<void> {
  const { error } = await supabase
    .from("sales_notify_settings")
    .upsert({ id: true, recipients: c.recipients, include_env_default: c.includeEnvDefault, copy_assignments: c.copyAssignments });
  if (error) throw new TeamError(error.code === "23514" ? "invalid" : error.code === "42501" ? "forbidden" : "unknown", error.message);
}

export interface MarketChoice {
  id: string;
  name_en: string;
  name_ar: string;
  time_zone: string;
}

/** The markets (public calendars), in their order. */
export async function listMarkets(supabase: SupabaseClient<Database>): Promise<MarketChoice[]> {
  const { data, error } = await supabase.from("markets").select("id, name_en, name_ar, time_zone").order("position").order("id");
  if (error) throw new TeamError("unknown", error.message);
  return data ?? [];
}
