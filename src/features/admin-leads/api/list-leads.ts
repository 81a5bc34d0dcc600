import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { searchPattern } from "@/lib/supabase/search-pattern";
import { countryCodesMatching } from "../lib/countries";
import { phoneSearchSuffixes, reversedDigits } from "../lib/phone";
import { LEAD_COLUMNS, type Lead, type LeadQuery, endOfBusinessDay, startOfBusinessDay } from "../lib/pipeline";

/** Leads per page in the inbox. */
export const LEADS_PAGE_SIZE = 50;
/** Leads asked for per request when reading every match (the API's usual row cap). */
const EXPORT_CHUNK = 1000;

export interface LeadsPage {
  rows: Lead[];
  /** How many leads match, all pages together. */
  total: number;
}

const ORDER: Record<LeadQuery["sort"], Array<[string, boolean]>> = {
  newest: [
    ["created_at", false],
    ["id", false],
  ],
  oldest: [
    ["created_at", true],
    ["id", true],
  ],
  activity: [
    ["last_activity_at", false],
    ["id", false],
  ],
  name: [
    ["full_name", true],
    ["id", true],
  ],
};

/**
 * The leads matching a query's filters and search, in its order (ties by id, so pages never overlap).
 * The view's columns carry no NOT NULL, so callers type its rows as the `Lead` they are (`overrideTypes`).
 */
function leadsQuery(supabase: SupabaseClient<Database>, q: LeadQuery, count?: "exact") {
  let query = supabase.from("lead_inbox").select(LEAD_COLUMNS, count ? { count } : undefined);
  if (q.kind === "") query = query.eq("kind", "lead");
  else if (q.kind === "subscribers") query = query.eq("kind", "subscriber");
  if (q.status === "") query = query.neq("status", "spam");
  else if (q.status !== "any") query = query.eq("status", q.status);
  if (q.owner === "none") query = query.is("owner_id", null);
  else if (q.owner) query = query.eq("owner_id", q.owner);
  if (q.type) query = query.contains("form_types", [q.type]);
  // A country's name in either language (or its code) means the codes it names; none: nothing matches.
  const countries = countryCodesMatching(q.country.slice(0, 100));
  if (countries) query = query.in("country_code", countries);
  if (q.source) query = query.eq("source_page_path", q.source);
  if (q.channel === "unknown") query = query.is("source_channel", null);
  else if (q.channel) query = query.eq("source_channel", q.channel);
  const campaign = q.campaign.trim();
  if (campaign) {
    const p = searchPattern(campaign.slice(0, 100));
    query = query.or(`source_campaign.ilike.${p},latest_campaign.ilike.${p}`);
  }
  const from = startOfBusinessDay(q.from);
  const to = endOfBusinessDay(q.to);
  if (from) query = query.gte("created_at", from);
  if (to) query = query.lt("created_at", to);
  if (q.overdue) query = query.eq("overdue", true);
  const term = q.q.trim();
  // A phone number in any form: the leads whose digits end with it (phone_digits_reversed, indexed).
  // Bare digits may also be part of a name, an email or a company ("omar1990@…"): those are searched too.
  const phone = phoneSearchSuffixes(term);
  const phoneTerms = (phone ?? []).map((d) => `phone_digits_reversed.like.${reversedDigits(d)}*`);
  if (phone && !/^[1-9]\d*$/.test(term)) query = query.or(phoneTerms.join(","));
  else if (term) {
    const p = searchPattern(term.slice(0, 200));
    const text = [`full_name.ilike.${p}`, `email.ilike.${p}`, `company.ilike.${p}`];
    query = query.or([...(phone ? phoneTerms : [`phone.ilike.${p}`]), ...text].join(","));
  }
  for (const [column, ascending] of ORDER[q.sort]) query = query.order(column, { ascending, nullsFirst: false });
  return query;
}

/**
 * One page of the inbox (1-based) and the true number of matching leads (RLS: owners and sales people
 * only). A page past the end (leads gone meanwhile) comes back empty with the total.
 */
export async function listLeadsPage(supabase: SupabaseClient<Database>, q: LeadQuery): Promise<LeadsPage> {
  const from = (Math.max(1, Math.floor(q.page)) - 1) * LEADS_PAGE_SIZE;
  const { data, error, count, status } = await leadsQuery(supabase, q, "exact")
    .range(from, from + LEADS_PAGE_SIZE - 1)
    .overrideTypes<Lead[], { merge: false }>();
  if (error && (status === 416 || error.code === "PGRST103")) {
    const head = await leadsQuery(supabase, q, "exact").limit(0);
    if (head.error) throw new Error(head.error.message);
    return { rows: [], total: head.count ?? 0 };
  }
  if (error) throw new Error(error.message);
  const rows = data ?? [];
  return { rows, total: count ?? from + rows.length };
}

/**
 * Every matching lead, for the CSV export, read in ranges until one comes back empty, so no row cap
 * cuts the file short. Rows seen twice (a lead arriving during the export shifts the ranges) are dropped.
 */
export async function listAllLeads(supabase: SupabaseClient<Database>, q: LeadQuery, onProgress?: (read: number) => void): Promise<Lead[]> {
  const rows: Lead[] = [];
  const seen = new Set<string>();
  for (let offset = 0; ;) {
    const { data, error } = await leadsQuery(supabase, q)
      .range(offset, offset + EXPORT_CHUNK - 1)
      .overrideTypes<Lead[], { merge: false }>();
    if (error) throw new Error(error.message);
    const chunk = data ?? [];
    if (chunk.length === 0) break;
    offset += chunk.length;
    for (const r of chunk) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rows.push(r);
    }
    onProgress?.(rows.length);
  }
  return rows;
}
