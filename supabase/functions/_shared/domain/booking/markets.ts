// GENERATED from src/lib/booking/markets.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * Markets (docs/markets.md): the countries the company sells in, each with its own booking calendar
 * (public.markets). This module turns a row into an Availability and picks the market a visitor gets.
 * Relative imports only: the Edge Functions (Deno) import it.
 */
import type { Database } from "../database.generated.ts";
import { type Availability, DEFAULT_AVAILABILITY, isTimeZone } from "./availability.ts";

export interface Market extends Required<Availability> {
  id: string;
  nameEn: string;
  nameAr: string;
  /** ISO 3166-1 alpha-2 codes of the countries this market serves. */
  countryCodes: readonly string[];
  isDefault: boolean;
}

/**
 * A public.markets row as the database (or PostgREST) gives it: the generated Row, but for `holidays`,
 * which node-postgres gives as Dates, and `position`, which not every caller selects.
 */
export type MarketRow = Omit<MarketsTableRow, "holidays" | "position" | "created_at" | "updated_at"> & {
  holidays: (string | Date)[];
  position?: number;
};

type MarketsTableRow = Database["public"]["Tables"]["markets"]["Row"];

export const MARKET_COLUMNS =
  "id, name_en, name_ar, time_zone, working_days, open_minute, close_minute, slot_minutes, min_notice_minutes, horizon_days, holidays, country_codes, is_default, position";

const isoDay = (d: string | Date) => (typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export function marketFromRow(r: MarketRow): Market {
  return {
    id: r.id,
    nameEn: r.name_en,
    nameAr: r.name_ar,
    // A zone this runtime does not know falls back to the default's clock rather than failing every request.
    timeZone: isTimeZone(r.time_zone) ? r.time_zone : DEFAULT_AVAILABILITY.timeZone,
    workingDays: [...r.working_days].map(Number).sort(),
    openMinute: r.open_minute,
    closeMinute: r.close_minute,
    slotMinutes: r.slot_minutes,
    minNoticeMinutes: r.min_notice_minutes,
    horizonDays: r.horizon_days,
    holidays: (r.holidays ?? []).map(isoDay).sort(),
    countryCodes: r.country_codes ?? [],
    isDefault: r.is_default,
  };
}

/** The seeded markets (migration 20261127000100_markets.sql): the browser's stand-in until the server answers, and stories. */
export const DEFAULT_MARKETS: readonly Market[] = [
  {
    ...DEFAULT_AVAILABILITY,
    id: "uae",
    nameEn: "UAE",
    nameAr: "الإمارات",
    countryCodes: ["AE", "SA", "QA", "KW", "BH", "OM"],
    isDefault: true,
  },
  {
    ...DEFAULT_AVAILABILITY,
    timeZone: "America/Toronto",
    id: "canada",
    nameEn: "Canada",
    nameAr: "كندا",
    countryCodes: ["CA"],
    isDefault: false,
  },
];

/** Canadian IANA zones: a browser on one of them is a Canadian visitor (docs/markets.md). */
const CANADA_ZONES = new Set([
  "America/Toronto",
  "America/Montreal",
  "America/Vancouver",
  "America/Edmonton",
  "America/Calgary",
  "America/Winnipeg",
  "America/Regina",
  "America/Swift_Current",
  "America/Halifax",
  "America/Moncton",
  "America/Glace_Bay",
  "America/Goose_Bay",
  "America/St_Johns",
  "America/Whitehorse",
  "America/Dawson",
  "America/Dawson_Creek",
  "America/Fort_Nelson",
  "America/Yellowknife",
  "America/Inuvik",
  "America/Iqaluit",
  "America/Rankin_Inlet",
  "America/Resolute",
  "America/Cambridge_Bay",
  "America/Atikokan",
  "America/Blanc-Sablon",
  "America/Creston",
  "America/Nipigon",
  "America/Thunder_Bay",
  "America/Rainy_River",
  "America/Pangnirtung",
  "Canada/Eastern",
  "Canada/Pacific",
  "Canada/Central",
  "Canada/Mountain",
  "Canada/Atlantic",
  "Canada/Newfoundland",
]);

/** Gulf zones of the countries the UAE market serves. */
const ZONE_COUNTRY: Record<string, string> = {
  "Asia/Dubai": "AE",
  "Asia/Riyadh": "SA",
  "Asia/Qatar": "QA",
  "Asia/Kuwait": "KW",
  "Asia/Bahrain": "BH",
  "Asia/Muscat": "OM",
};

/** The country a browser zone belongs to, when it says (undefined otherwise). */
function countryOfZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  if (CANADA_ZONES.has(timeZone)) return "CA";
  return ZONE_COUNTRY[timeZone];
}

interface MarketHints {
  /** A market the visitor (or the page) chose. */
  market?: string | null;
  /** The country chosen in the form (ISO alpha-2), from its dial code or country field. */
  countryIso?: string | null;
  /** The page's market (an article about Canada). */
  pageMarket?: string | null;
  /** The browser's zone. */
  timeZone?: string | null;
}

/**
 * The market a visitor gets: the one chosen; else the one serving the form's country; else the page's;
 * else the one serving the browser zone's country (America/Toronto → Canada); else the default.
 */
export function pickMarket<M extends Market>(markets: readonly M[], hints: MarketHints = {}): M | undefined {
  const byId = (id?: string | null) => (id ? markets.find((m) => m.id === id) : undefined);
  const byCountry = (c?: string | null) => (c ? markets.find((m) => m.countryCodes.includes(c.toUpperCase())) : undefined);
  return (
    byId(hints.market) ??
    byCountry(hints.countryIso) ??
    byId(hints.pageMarket) ??
    byCountry(countryOfZone(hints.timeZone)) ??
    markets.find((m) => m.timeZone === hints.timeZone) ??
    markets.find((m) => m.isDefault) ??
    markets[0]
  );
}

/** The market's name in the page's language. */
export const marketName = (m: Pick<Market, "nameEn" | "nameAr">, locale: "ar" | "en") => (locale === "ar" ? m.nameAr : m.nameEn);
