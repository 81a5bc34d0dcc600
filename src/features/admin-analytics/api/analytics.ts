import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { Period } from "../lib/period";

interface Breakdown {
  key: string;
  views: number;
  visitors: number;
}

export interface Traffic {
  views: number;
  visitors: number;
  daily: { day: string; views: number; visitors: number }[];
  /** Top keys per dimension: page, channel, source, campaign, locale, device. */
  breakdowns: Partial<Record<"page" | "channel" | "source" | "campaign" | "locale" | "device", Breakdown[]>>;
}

export interface Funnel {
  form: string;
  views: number;
  started: number;
  submitted: number;
  stored: number;
  errors: number;
}

export interface ConversionRow {
  form: string;
  key: string;
  views: number;
  stored: number;
}

export interface Conversion {
  funnels: Funnel[];
  breakdowns: Partial<Record<"page" | "locale" | "campaign", ConversionRow[]>>;
}

/** Traffic over a period (owners and editors; public.analytics_traffic refuses anyone else). */
export async function fetchTraffic(supabase: SupabaseClient<Database>, p: Period): Promise<Traffic> {
  const { data, error } = await supabase.rpc("analytics_traffic", { p_from: p.from, p_to: p.to });
  if (error) throw error;
  return data as unknown as Traffic;
}

/** Each form's funnel and conversion over a period (owners, editors and sales). */
export async function fetchConversion(supabase: SupabaseClient<Database>, p: Period): Promise<Conversion> {
  const { data, error } = await supabase.rpc("analytics_conversion", { p_from: p.from, p_to: p.to });
  if (error) throw error;
  return data as unknown as Conversion;
}
