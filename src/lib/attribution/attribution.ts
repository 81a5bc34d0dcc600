/**
 * Where a lead came from (docs/attribution.md): the first and the latest touch of the visitor's visit,
 * recorded in the tab (sessionStorage, no cookie) by the boot script (./capture-source.ts), sent with
 * every submission, checked here on the server, classified into a channel and stored with the lead.
 *
 * A touch is what a page load that starts or re-enters the visit carried: its UTM parameters, which
 * ad-click ids were present (never their values), the host of the referring site and the path of the
 * page. The first touch is the page the visit began on; the latest is the last page reached from
 * outside (another site, or a tagged link), the first touch again when there was none.
 */
import * as v from "valibot";

/** The tab's record of the visit, in sessionStorage. */
export const VISIT_KEY = "wasla:visit";
/** A tab left alone this long starts a new visit on its next page load (the usual 30-minute session). */
export const VISIT_IDLE_MS = 30 * 60_000;

export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
/** Ad-click ids whose presence is recorded (Google, Microsoft, Meta, TikTok, X, LinkedIn, Snapchat). */
export const CLICK_IDS = ["gclid", "gbraid", "wbraid", "dclid", "msclkid", "fbclid", "ttclid", "twclid", "li_fat_id", "ScCid"] as const;
type ClickId = (typeof CLICK_IDS)[number];

export const CHANNELS = ["paid_search", "organic_search", "social", "email", "whatsapp", "referral", "other_campaign", "direct"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The longest UTM value kept; longer ones are cut (a campaign name, not a document). */
export const UTM_MAX = 100;

/** A touch as the browser sends it. */
export interface Touch {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
  clickIds?: ClickId[];
  /** The referring site's host name, when it was another site. */
  referrer?: string;
  /** The page's path, without its query. */
  landingPage: string;
  /** When the page was loaded (ISO instant). */
  at: string;
}

/** A touch as stored: with its channel and the language of its page. */
export interface StoredTouch extends Touch {
  channel: Channel;
  locale: "ar" | "en";
}

export interface Attribution {
  first: Touch;
  latest: Touch;
}

/** @public Used by the Edge Functions' handlers through their copy (scripts/functions-domain.mjs). */
export interface StoredAttribution {
  first: StoredTouch;
  latest: StoredTouch;
}

// ------------------------------------------------------------------------------------ validation

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*$/;
const utm = v.optional(v.pipe(v.string("UTM values are text"), v.trim(), v.maxLength(UTM_MAX, `At most ${UTM_MAX} characters`)));

const touchSchema = v.strictObject({
  source: utm,
  medium: utm,
  campaign: utm,
  term: utm,
  content: utm,
  clickIds: v.optional(v.pipe(v.array(v.picklist(CLICK_IDS, "Unknown click id")), v.maxLength(CLICK_IDS.length))),
  referrer: v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(HOST, "referrer must be a host name"))),
  landingPage: v.pipe(v.string("landingPage is required"), v.regex(/^\/[^\s]{0,499}$/, "landingPage must be a path")),
  at: v.pipe(v.string(), v.maxLength(40), v.isoTimestamp("at must be an ISO instant")),
});

/** The `attribution` of a submission (POST /functions/v1/submit-form); optional, a form sent without script has none. */
export const attributionSchema = v.strictObject({ first: touchSchema, latest: touchSchema });

// -------------------------------------------------------------------------------- classification

const SEARCH = /(^|\.)(google|bing|duckduckgo|yahoo|yandex|baidu|ecosia|naver|seznam|qwant|startpage|ask)\.[a-z.]+$|^search\.brave\.com$/;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|linkedin|lnkd|twitter|x|t|tiktok|snapchat|youtube|youtu|pinterest|reddit|threads|telegram|t\.me|quora|vk)\.(com|co|net|in|me|be|org)$/;
const SOCIAL_SOURCES = /^(facebook|fb|meta|instagram|ig|linkedin|twitter|x|tiktok|snapchat|youtube|pinterest|reddit|threads|telegram)$/;
const SEARCH_SOURCES = /^(google|bing|duckduckgo|yahoo|yandex|baidu|ecosia|naver)$/;
const WEBMAIL = /^(mail\.google\.com|outlook\.(live|office|office365)\.com|mail\.yahoo\.com|mail\.proton\.me|mail\.zoho\.com)$/;
const WHATSAPP = /(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me)$/;
const PAID_MEDIUM = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem|retargeting|cpm|paid[-_ ]social|paidsocial)$/;
const PAID_SEARCH_CLICKS: readonly ClickId[] = ["gclid", "gbraid", "wbraid", "dclid", "msclkid"];
const SOCIAL_CLICKS: readonly ClickId[] = ["fbclid", "ttclid", "twclid", "li_fat_id", "ScCid"];

/**
 * The channel of a touch, in this order: WhatsApp (a broadcast link or a chat), paid search (an ad click id
 * of a search network, or a paid medium from a search engine), email, social (a social network's click id,
 * medium or site), organic search (a search engine's site, untagged), other tagged campaigns, referral
 * (any other site), direct (nothing at all). Case does not matter.
 */
export function classifyChannel(t: Touch): Channel {
  const source = (t.source ?? "").toLowerCase();
  const medium = (t.medium ?? "").toLowerCase();
  const ref = (t.referrer ?? "").toLowerCase();
  const clicks = t.clickIds ?? [];
  if (/^(whatsapp|wa)$/.test(source) || medium === "whatsapp" || WHATSAPP.test(ref)) return "whatsapp";
  const searchSource = SEARCH_SOURCES.test(source) || (!source && SEARCH.test(ref));
  if (clicks.some((c) => PAID_SEARCH_CLICKS.includes(c)) || (PAID_MEDIUM.test(medium) && searchSource && !/social/.test(medium))) {
    return "paid_search";
  }
  if (/^(e-?mail|newsletter)$/.test(medium) || /^(e-?mail|newsletter)$/.test(source) || WEBMAIL.test(ref)) return "email";
  if (
    clicks.some((c) => SOCIAL_CLICKS.includes(c)) ||
    /^(social|social[-_ ]?(network|media)|sm|paid[-_ ]?social)$/.test(medium) ||
    SOCIAL_SOURCES.test(source) ||
    (!source && SOCIAL.test(ref))
  ) {
    return "social";
  }
  if (medium === "organic" || (!source && !medium && SEARCH.test(ref))) return "organic_search";
  if (source || medium || t.campaign) return medium === "referral" ? "referral" : "other_campaign";
  if (ref) return "referral";
  return "direct";
}

/** A checked touch as the database keeps it: its channel, and its language from its page. */
export function storedTouch(t: Touch): StoredTouch {
  const locale = t.landingPage === "/en" || t.landingPage.startsWith("/en/") ? "en" : "ar";
  const out: StoredTouch = { ...t, channel: classifyChannel(t), locale };
  for (const k of UTM_FIELDS) if (!out[k]) delete out[k];
  if (!out.clickIds?.length) delete out.clickIds;
  return out;
}

/** @public The touches as stored, channels added (used by the Edge Functions' handler through its copy). */
export function storedAttribution(a: Attribution): StoredAttribution {
  return { first: storedTouch(a.first), latest: storedTouch(a.latest) };
}

// ----------------------------------------------------------------------------------- the browser

/**
 * The visit's attribution as the tab recorded it, ready to send, or undefined (no record: script came
 * late, storage is blocked, or the record is damaged). Values are checked as the server checks them,
 * so a submission is never refused for its attribution.
 */
export function readVisitAttribution(storage: Pick<Storage, "getItem"> | undefined = safeSessionStorage()): Attribution | undefined {
  try {
    const raw = storage?.getItem(VISIT_KEY);
    if (!raw) return undefined;
    const parsed = v.safeParse(attributionSchema, pick(JSON.parse(raw)));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Only the touch fields of the stored visit (it also keeps when it was last seen). */
function pick(visit: unknown): unknown {
  const o = (visit ?? {}) as { first?: unknown; latest?: unknown };
  return { first: o.first, latest: o.latest ?? o.first };
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
