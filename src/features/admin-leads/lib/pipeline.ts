/**
 * The leads pipeline (docs/leads.md): a lead is one person, with a status, an owner and a timeline.
 * This file holds the inbox's query (filters, search, sort, page) and its URL form, and the one-tap
 * contact links.
 */
import { CHANNELS, type Channel, type StoredTouch } from "@/lib/attribution/attribution";
import type { LeadRow, LeadStatus } from "@/lib/database.types";
import { DUBAI_TIME_ZONE, LEAD_TYPES, type LeadType, zonedInstant } from "./leads";

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const satisfies readonly LeadStatus[];
export type { LeadStatus };

/** "subscriber": only newsletter sign-ups (never overdue, counted apart); "lead": sent a sales or booking form. */
type LeadKind = "lead" | "subscriber";

/** A row of the inbox (public.lead_inbox). */
export type Lead = Omit<
  LeadRow,
  "person_key" | "updated_at" | "phone_digits_reversed" | "market_id" | "overdue_notified_for" | "first_touch" | "latest_touch"
> & {
  overdue: boolean;
  due_at: string | null;
  kind: LeadKind;
  /** Where the person's first attributed visit came from (src/lib/attribution); null: not recorded. */
  first_touch: StoredTouch | null;
  /** Where their latest attributed visit came from. */
  latest_touch: StoredTouch | null;
};

export const LEAD_COLUMNS =
  "id,full_name,email,phone,phone_digits,company,country,city,locale,status,owner_id,source_form_type,source_page_path,form_types,submission_count,created_at,status_changed_at,last_submission_at,last_activity_at,overdue,due_at,country_code,kind,first_touch,latest_touch";

/** "" = sales leads (the default view); "subscribers" = newsletter subscribers only; "all" = both. */
const LEAD_KIND_FILTERS = ["", "subscribers", "all"] as const;
type LeadKindFilter = (typeof LEAD_KIND_FILTERS)[number];

/** "" = every status but spam (the default view); "any" = every status, spam included. */
type StatusFilter = LeadStatus | "" | "any";
/** "" = anyone's or no one's; "none" = not assigned; otherwise a team member's user id. */
type OwnerFilter = string;
export const LEAD_SORTS = ["newest", "oldest", "activity", "name"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export interface LeadQuery {
  /** Sales leads, newsletter subscribers or both. */
  kind: LeadKindFilter;
  status: StatusFilter;
  owner: OwnerFilter;
  type: LeadType | "";
  /** A country as typed: its name in English or Arabic, or its code (src/features/admin-leads/lib/countries.ts). */
  country: string;
  /** The page the person first came from, exactly. */
  source: string;
  /** The channel of the person's first visit (original source); "unknown": none recorded. */
  channel: Channel | "unknown" | "";
  /** A campaign name the first or latest visit carried contains this (case-insensitive). */
  campaign: string;
  /** YYYY-MM-DD, the day the lead arrived, inclusive, in Dubai time. */
  from: string;
  to: string;
  overdue: boolean;
  /** Name, email or company contains this, or a phone number in any form ends like this one. */
  q: string;
  sort: LeadSort;
  page: number;
}

export const defaultLeadQuery: LeadQuery = {
  kind: "",
  status: "",
  owner: "",
  type: "",
  country: "",
  source: "",
  channel: "",
  campaign: "",
  from: "",
  to: "",
  overdue: false,
  q: "",
  sort: "newest",
  page: 1,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The inbox's query from an address's search part; anything unknown or malformed falls back to the default. */
export function leadQueryFromSearch(search: string | URLSearchParams): LeadQuery {
  const p = typeof search === "string" ? new URLSearchParams(search) : search;
  const get = (k: string) => (p.get(k) ?? "").trim();
  const status = get("status");
  const kind = get("kind");
  const owner = get("owner");
  const type = get("type");
  const sort = get("sort");
  const page = Number(get("page"));
  const channel = get("channel");
  return {
    kind: (LEAD_KIND_FILTERS as readonly string[]).includes(kind) ? (kind as LeadKindFilter) : "",
    status: status === "any" || (LEAD_STATUSES as readonly string[]).includes(status) ? (status as StatusFilter) : "",
    owner: owner === "none" || UUID.test(owner) ? owner.toLowerCase() : "",
    type: (LEAD_TYPES as readonly string[]).includes(type) ? (type as LeadType) : "",
    country: get("country").slice(0, 100),
    source: get("source").slice(0, 500),
    channel: channel === "unknown" || (CHANNELS as readonly string[]).includes(channel) ? (channel as LeadQuery["channel"]) : "",
    campaign: get("campaign").slice(0, 100),
    from: DATE.test(get("from")) ? get("from") : "",
    to: DATE.test(get("to")) ? get("to") : "",
    overdue: get("overdue") === "1",
    q: (p.get("q") ?? "").slice(0, 200),
    sort: (LEAD_SORTS as readonly string[]).includes(sort) ? (sort as LeadSort) : "newest",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The search part for a query ("" for the default), keys in a fixed order, defaults left out. */
export function leadQueryToSearch(q: LeadQuery): string {
  const p = new URLSearchParams();
  if (q.kind) p.set("kind", q.kind);
  if (q.status) p.set("status", q.status);
  if (q.owner) p.set("owner", q.owner);
  if (q.type) p.set("type", q.type);
  if (q.country.trim()) p.set("country", q.country.trim());
  if (q.source) p.set("source", q.source);
  if (q.channel) p.set("channel", q.channel);
  if (q.campaign.trim()) p.set("campaign", q.campaign.trim());
  if (q.from) p.set("from", q.from);
  if (q.to) p.set("to", q.to);
  if (q.overdue) p.set("overdue", "1");
  if (q.q.trim()) p.set("q", q.q.trim());
  if (q.sort !== "newest") p.set("sort", q.sort);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Whether anything but the page and sort narrows the list. */
export function isFiltered(q: LeadQuery): boolean {
  const { page: _p, sort: _s, ...rest } = q;
  const { page: _dp, sort: _ds, ...base } = defaultLeadQuery;
  return (
    JSON.stringify({ ...rest, q: rest.q.trim(), country: rest.country.trim(), campaign: rest.campaign.trim() }) !== JSON.stringify(base)
  );
}

/** The query a saved view keeps: the address's filters, search and sort without the page or "?" ("status=new&owner=none"). */
export function viewQueryOf(q: LeadQuery): string {
  return leadQueryToSearch({ ...q, page: 1 }).slice(1);
}

/** How many filters narrow the list (the phone's "Filters (n)"): the search box and the sort are not counted. */
export function activeFilterCount(q: LeadQuery): number {
  return [q.kind, q.status, q.owner, q.type, q.country.trim(), q.source, q.channel, q.campaign.trim(), q.from, q.to, q.overdue].filter(
    Boolean,
  ).length;
}

/** The instant a Dubai calendar day starts ("2026-11-23" → 2026-11-22T20:00:00Z). */
export function startOfBusinessDay(date: string): string | null {
  return DATE.test(date) ? (zonedInstant(date, "00:00", DUBAI_TIME_ZONE)?.toISOString() ?? null) : null;
}

/** The instant the day after a Dubai calendar day starts (an exclusive upper bound). */
export function endOfBusinessDay(date: string): string | null {
  if (!DATE.test(date)) return null;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return startOfBusinessDay(next);
}

/** Today's date in Dubai, YYYY-MM-DD. */
function businessToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: DUBAI_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The Monday that starts the current week in Dubai, YYYY-MM-DD ("this week" on the dashboard). */
export function businessWeekStart(now = new Date()): string {
  const today = businessToday(now);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const back = (day.getUTCDay() + 6) % 7; // Monday → 0 … Sunday → 6
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

/** Digits for wa.me: the lead's number, international, without "+" or a leading "00"; null when too short. */
function whatsappDigits(lead: Pick<Lead, "phone_digits" | "phone">): string | null {
  const digits = (lead.phone_digits ?? lead.phone ?? "").replace(/\D/g, "").replace(/^00/, "");
  return digits.length >= 7 ? digits : null;
}

/** One-tap WhatsApp link with a first message (already in the lead's language). */
export function whatsappHref(lead: Pick<Lead, "phone_digits" | "phone">, message: string): string | null {
  const digits = whatsappDigits(lead);
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null;
}

/** A tel: link that dials the number as the visitor typed it (digits and a leading "+" only). */
export function telHref(lead: Pick<Lead, "phone">): string | null {
  const raw = (lead.phone ?? "").trim();
  const digits = raw.replace(/\D/g, "");
  if (digits.length < 7) return null;
  return `tel:${raw.startsWith("+") ? "+" : ""}${digits}`;
}

/** A mailto: link with a subject (already in the lead's language). */
export function mailtoHref(lead: Pick<Lead, "email">, subject: string): string | null {
  const email = (lead.email ?? "").trim();
  if (!email || !email.includes("@")) return null;
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

/** A stored page path as people read it: percent-escapes decoded ("/blog/%D9%85…" → "/blog/م…"); a malformed one stays as stored. */
export function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
