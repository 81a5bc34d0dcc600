/**
 * How a demo slot is written for a visitor (docs/product.md#booking): the business-clock time with the
 * business's place ("10:00 AM Dubai"), and, when the visitor's clock differs, their own time and place
 * beside it ("2:00 AM Toronto"), with the weekday when the day differs too. Each part is a bidi isolate
 * (U+2068 … U+2069) so times and Latin names keep their order inside Arabic text.
 */

/** Arabic names of the places whose zones visitors mostly have; other zones use Intl's generic zone name. */
const AR_PLACES: Record<string, string> = {
  "Asia/Dubai": "دبي",
  "Asia/Muscat": "مسقط",
  "Asia/Riyadh": "الرياض",
  "Asia/Qatar": "الدوحة",
  "Asia/Bahrain": "البحرين",
  "Asia/Kuwait": "الكويت",
  "Asia/Amman": "عمّان",
  "Asia/Beirut": "بيروت",
  "Africa/Cairo": "القاهرة",
  "Asia/Kolkata": "الهند",
  "Asia/Karachi": "كراتشي",
  "Europe/London": "لندن",
  "Europe/Paris": "باريس",
  "Europe/Berlin": "برلين",
  "America/Toronto": "تورنتو",
  "America/Vancouver": "فانكوفر",
  "America/Edmonton": "إدمونتون",
  "America/Winnipeg": "وينيبيغ",
  "America/Halifax": "هاليفاكس",
  "America/New_York": "نيويورك",
  "America/Chicago": "شيكاغو",
  "America/Los_Angeles": "لوس أنجلوس",
  "Australia/Sydney": "سيدني",
  UTC: "UTC",
};

/** The place a zone is named after, in the page's language ("Toronto", "تورنتو"). */
export function zonePlace(timeZone: string, locale: "ar" | "en"): string {
  if (locale === "ar") {
    const known = AR_PLACES[timeZone];
    if (known) return known;
    try {
      const parts = new Intl.DateTimeFormat("ar-AE", { timeZone, timeZoneName: "longGeneric" }).formatToParts(new Date());
      const name = parts.find((p) => p.type === "timeZoneName")?.value;
      if (name) return name;
    } catch {
      /* fall through */
    }
  }
  if (timeZone === "UTC") return "UTC";
  return (timeZone.split("/").at(-1) ?? timeZone).replace(/_/g, " ");
}

export const isolate = (s: string) => `\u2068${s}\u2069`;

const intlOf = (locale: "ar" | "en") => (locale === "ar" ? "ar-AE" : "en-US");

/** "10:00 AM" on the given clock. */
function clockTime(instant: Date, timeZone: string, locale: "ar" | "en"): string {
  return new Intl.DateTimeFormat(intlOf(locale), { hour: "numeric", minute: "2-digit", timeZone }).format(instant);
}

const dayOf = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

interface SlotLabelParts {
  business: string;
  businessPlace: string;
  /** Null when the visitor's clock is the business's (or unknown). */
  visitor: string | null;
  visitorPlace: string | null;
}

/** The pieces of a slot's label; `visitorZone` is the browser's zone. */
export function slotLabelParts(
  start: Date,
  businessZone: string,
  visitorZone: string | null | undefined,
  locale: "ar" | "en",
): SlotLabelParts {
  const business = clockTime(start, businessZone, locale);
  const businessPlace = zonePlace(businessZone, locale);
  if (!visitorZone || visitorZone === businessZone || clockTime(start, visitorZone, "en") === clockTime(start, businessZone, "en")) {
    return { business, businessPlace, visitor: null, visitorPlace: null };
  }
  let visitor = clockTime(start, visitorZone, locale);
  if (dayOf(start, visitorZone) !== dayOf(start, businessZone)) {
    const weekday = new Intl.DateTimeFormat(intlOf(locale), { weekday: "short", timeZone: visitorZone }).format(start);
    visitor = `${weekday} ${visitor}`;
  }
  return { business, businessPlace, visitor, visitorPlace: zonePlace(visitorZone, locale) };
}

/** The whole label as one line ("10:00 AM Dubai · 2:00 AM Toronto"), parts isolated for bidi. */
export function slotLabel(start: Date, businessZone: string, visitorZone: string | null | undefined, locale: "ar" | "en"): string {
  const p = slotLabelParts(start, businessZone, visitorZone, locale);
  const first = `${isolate(p.business)} ${isolate(p.businessPlace)}`;
  return p.visitor ? `${first} · ${isolate(p.visitor)} ${isolate(p.visitorPlace ?? "")}` : first;
}

/** The browser's IANA zone (undefined on the server or when unknown). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
