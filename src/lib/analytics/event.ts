/**
 * The analytics beacon's wire format and the rules the server applies to it (docs/analytics.md). Shared by
 * the server (server/analytics) and the tests; the browser side is the boot script's text (beacon-source.ts).
 *
 * One event: `{ k, p, l, f?, t? }`
 *   k  what happened: "view" (a page was shown), or a form event: "form_start" (first interaction),
 *      "form_submit" (submit attempt), "form_stored" (the server stored it, or it was safely queued),
 *      "form_error" (the form showed a validation error)
 *   p  the page's path, without its query
 *   l  the page's language
 *   f  a view: the visitor forms on the page (their keys); a form event: the form's key
 *   t  the visit's latest touch (src/lib/attribution), for the channel, source and campaign
 * A request carries one event or an array of at most MAX_BATCH.
 */
import * as v from "valibot";
import { type Channel, type Touch, attributionSchema, classifyChannel } from "../attribution/attribution.ts";
import type { FormEventKind } from "./wire.ts";

/** The largest body the endpoint reads (bytes). */
export const MAX_BODY = 4096;
const MAX_BATCH = 10;
const FORM_KEYS = ["sales_lead", "demo_booking", "article_booking", "newsletter"] as const;
type Device = "mobile" | "tablet" | "desktop";

const touchSchema = attributionSchema.entries.latest;
// No space, query, fragment or control character (PostgreSQL refuses U+0000 in text: one such event would
// fail the whole batch it is written with).
// eslint-disable-next-line no-control-regex
const path = v.pipe(v.string(), v.regex(/^\/[^\s?#\u0000-\u001f\u007f]{0,299}$/, "p must be a path without query"));
const locale = v.picklist(["ar", "en"], "l must be ar or en");
const formKey = v.picklist(FORM_KEYS, "unknown form");

const viewSchema = v.strictObject({
  k: v.literal("view"),
  p: path,
  l: locale,
  f: v.optional(v.pipe(v.array(formKey), v.maxLength(4))),
  t: v.optional(touchSchema),
});
const formEvent = <K extends FormEventKind>(k: K) =>
  v.strictObject({ k: v.literal(k), p: path, l: locale, f: formKey, t: v.optional(touchSchema) });
const wireEventSchema = v.variant(
  "k",
  [viewSchema, formEvent("form_start"), formEvent("form_submit"), formEvent("form_stored"), formEvent("form_error")],
  "unknown event",
);
const wireBatchSchema = v.pipe(
  v.array(wireEventSchema, "a batch must be an array of events"),
  v.minLength(1, "a batch needs at least one event"),
  v.maxLength(MAX_BATCH, `a batch holds at most ${MAX_BATCH} events`),
);
export type WireEvent = v.InferOutput<typeof wireEventSchema>;

/**
 * Checks a request body (already parsed JSON): the events, or the first problem, naming its field
 * ("p: p must be a path without query", "1.f: unknown form"). An array is a batch, anything else one event:
 * checked as one or the other, so the message is about the field at fault, not about the body's shape.
 */
export function parseEvents(body: unknown): { ok: true; events: WireEvent[] } | { ok: false; message: string } {
  if (body === null || typeof body !== "object") return { ok: false, message: "the body must be an event object or an array of them" };
  const r = Array.isArray(body) ? v.safeParse(wireBatchSchema, body) : v.safeParse(wireEventSchema, body);
  if (!r.success) {
    const issue = r.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    // valibot says "Invalid key: Expected …" for a key an event must have or must not have: say which.
    const message =
      issue?.type === "strict_object"
        ? issue.expected === "never"
          ? "not a field of this event"
          : "missing"
        : (issue?.message ?? "invalid event");
    return { ok: false, message: `${where ? `${where}: ` : ""}${message}` };
  }
  return { ok: true, events: Array.isArray(r.output) ? r.output : [r.output] };
}

/**
 * Robots, crawlers, link previewers, monitors, headless browsers and HTTP libraries: not visitors.
 * An empty user agent is one too.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|fetch|preview|monitor|uptime|pingdom|lighthouse|pagespeed|headless|phantomjs|puppeteer|playwright|selenium|webdriver|curl\/|wget\/|python|httpie|axios|node-fetch|undici|go-http|java\/|okhttp|libwww|facebookexternalhit|whatsapp|telegram|discord|slack|embedly|bingpreview|applebot|yandex|baidu|duckduckgo|semrush|ahrefs|mj12|petalbot|bytespider|gptbot|claude|perplexity|ccbot/i;

export function isBot(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? "").trim();
  return ua.length < 10 || BOT.test(ua);
}

/** The kind of device, from the user agent (the agent itself is never stored). */
export function deviceOf(userAgent: string | undefined | null): Device {
  const ua = userAgent ?? "";
  if (/ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i.test(ua)) return "tablet";
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile/i.test(ua)) return "mobile";
  return "desktop";
}

/** What the database keeps of an event's touch: its channel, a source and a campaign. */
export function sourceOf(t: Touch | undefined): { channel: Channel; source: string | null; campaign: string | null } {
  if (!t) return { channel: "direct", source: null, campaign: null };
  return {
    channel: classifyChannel(t),
    source: (t.source || t.referrer || "").toLowerCase().slice(0, 253) || null,
    campaign: t.campaign?.slice(0, 100) || null,
  };
}
