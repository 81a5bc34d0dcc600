import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { jsonArray, jsonCount, jsonObject, jsonString } from "@/lib/json";
import { CHANNELS, type Channel } from "@/lib/attribution/attribution";
import { LEAD_TYPES, type LeadType } from "../lib/leads";
import { LEAD_STATUSES, type LeadStatus } from "../lib/pipeline";

export interface LeadDashboard {
  /** Leads that arrived since the start of the period (spam included; newsletter subscribers left out). */
  total: number;
  /** The same leads by status (subscribers left out). */
  byStatus: Partial<Record<LeadStatus, number>>;
  /** Leads (spam left out) that sent each kind of form; a lead can count under several. */
  byFormType: Partial<Record<LeadType, number>>;
  /** The pages leads first came from (spam and subscribers left out), most first, at most 8. */
  byPage: Array<{ path: string; count: number }>;
  /** Leads (spam and subscribers left out) by the channel of their first visit; "unknown": not recorded. */
  byChannel: Partial<Record<Channel | "unknown", number>>;
  /** People who only signed up for the newsletter in the period (spam left out): counted apart from leads. */
  subscribers: number;
  /** Leads new for more than 24 hours, whenever they arrived (subscribers are never overdue). */
  overdue: number;
}

/** The dashboard's lead figures since an instant (RLS: zeros for anyone but owners and sales people). */
export async function loadLeadDashboard(supabase: SupabaseClient<Database>, since: string): Promise<LeadDashboard> {
  const { data, error } = await supabase.rpc("lead_dashboard", { p_since: since });
  if (error) throw new Error(error.message);
  const figures = jsonObject(data);
  const statuses = jsonObject(figures.byStatus);
  const types = jsonObject(figures.byFormType);
  const channels = jsonObject(figures.byChannel);
  const byStatus: LeadDashboard["byStatus"] = {};
  for (const status of LEAD_STATUSES) if (typeof statuses[status] === "number") byStatus[status] = statuses[status];
  const byFormType: LeadDashboard["byFormType"] = {};
  for (const type of LEAD_TYPES) if (typeof types[type] === "number") byFormType[type] = types[type];
  const byChannel: LeadDashboard["byChannel"] = {};
  for (const c of [...CHANNELS, "unknown" as const]) if (typeof channels[c] === "number") byChannel[c] = channels[c];
  return {
    total: jsonCount(figures.total),
    byStatus,
    byFormType,
    byChannel,
    byPage: jsonArray(figures.byPage).map((entry) => {
      const page = jsonObject(entry);
      return { path: jsonString(page.path), count: jsonCount(page.count) };
    }),
    subscribers: jsonCount(figures.subscribers),
    overdue: jsonCount(figures.overdue),
  };
}
