import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type Touch, VISIT_KEY, attributionSchema, classifyChannel, readVisitAttribution, storedTouch } from "./attribution";

const at = "2026-11-27T10:00:00.000Z";
const touch = (fields: Partial<Touch> = {}): Touch => ({ landingPage: "/", at, ...fields });

describe("classifyChannel", () => {
  it.each<[string, Partial<Touch>, string]>([
    ["no referrer, no tags", {}, "direct"],
    ["a WhatsApp broadcast link", { source: "whatsapp", campaign: "dubai-q1" }, "whatsapp"],
    ["WhatsApp as the source, any case", { source: "WhatsApp", medium: "broadcast" }, "whatsapp"],
    ["a chat link opened from WhatsApp Web", { referrer: "web.whatsapp.com" }, "whatsapp"],
    ["wa.me", { referrer: "wa.me" }, "whatsapp"],
    ["a Google Ads click", { clickIds: ["gclid"], referrer: "www.google.com" }, "paid_search"],
    ["a Microsoft Ads click", { clickIds: ["msclkid"] }, "paid_search"],
    ["cpc from google, tagged by hand", { source: "google", medium: "cpc" }, "paid_search"],
    ["a newsletter link", { source: "newsletter", medium: "email", campaign: "nov" }, "email"],
    ["opened from Gmail", { referrer: "mail.google.com" }, "email"],
    ["a Facebook ad click", { clickIds: ["fbclid"], referrer: "l.facebook.com" }, "social"],
    ["a LinkedIn post, untagged", { referrer: "www.linkedin.com" }, "social"],
    ["t.co", { referrer: "t.co" }, "social"],
    ["instagram tagged as paid social", { source: "instagram", medium: "paid_social" }, "social"],
    ["Google search, untagged", { referrer: "www.google.ae" }, "organic_search"],
    ["Bing search", { referrer: "www.bing.com" }, "organic_search"],
    ["DuckDuckGo", { referrer: "duckduckgo.com" }, "organic_search"],
    ["another site", { referrer: "propertyfinder.ae" }, "referral"],
    ["a tagged partner link", { source: "bayut", medium: "referral" }, "referral"],
    ["an SMS campaign", { source: "sms", medium: "sms", campaign: "open-house" }, "other_campaign"],
    ["a campaign name alone", { campaign: "billboard-szr" }, "other_campaign"],
  ])("%s", (_name, fields, channel) => {
    expect(classifyChannel(touch(fields))).toBe(channel);
  });
});

describe("storedTouch", () => {
  it("adds the channel and the page's language, and drops empty values", () => {
    expect(storedTouch(touch({ landingPage: "/en/blog/x", source: "whatsapp", medium: "", clickIds: [] }))).toEqual({
      landingPage: "/en/blog/x",
      at,
      source: "whatsapp",
      channel: "whatsapp",
      locale: "en",
    });
    expect(storedTouch(touch({ landingPage: "/blog" })).locale).toBe("ar");
    expect(storedTouch(touch({ landingPage: "/english-tips" })).locale).toBe("ar");
  });
});

describe("attributionSchema (what the server accepts)", () => {
  const ok = { first: touch({ source: "x" }), latest: touch() };
  it("accepts a recorded visit", () => {
    expect(v.safeParse(attributionSchema, ok).success).toBe(true);
  });
  it.each<[string, unknown]>([
    ["an unknown key (a click id's value, say)", { ...ok, first: { ...ok.first, gclid: "abc" } }],
    ["a value over 100 characters", { ...ok, first: { ...ok.first, campaign: "x".repeat(101) } }],
    ["an unknown click id", { ...ok, first: { ...ok.first, clickIds: ["utm_id"] } }],
    ["a referrer that is a URL, not a host", { ...ok, first: { ...ok.first, referrer: "https://evil.test/?q=1" } }],
    ["a landing page with a query", { ...ok, first: { ...ok.first, landingPage: "/x?email=a@b.c d" } }],
    ["a landing page that is not a path", { ...ok, first: { ...ok.first, landingPage: "javascript:alert(1)" } }],
    ["no latest touch", { first: ok.first }],
    ["a time that is not an instant", { ...ok, latest: { ...ok.latest, at: "yesterday" } }],
  ])("refuses %s", (_name, value) => {
    expect(v.safeParse(attributionSchema, value).success).toBe(false);
  });
});

describe("readVisitAttribution", () => {
  const storage = (raw: string | null) => ({ getItem: (k: string) => (k === VISIT_KEY ? raw : null) });
  it("reads the tab's visit without its bookkeeping", () => {
    const first = touch({ source: "whatsapp" });
    expect(readVisitAttribution(storage(JSON.stringify({ first, latest: first, seen: 1 })))).toEqual({ first, latest: first });
  });
  it("is undefined when nothing, or nothing valid, was recorded: the form is sent without it", () => {
    expect(readVisitAttribution(storage(null))).toBeUndefined();
    expect(readVisitAttribution(storage("{not json"))).toBeUndefined();
    expect(readVisitAttribution(storage(JSON.stringify({ first: { landingPage: "nope" } })))).toBeUndefined();
    expect(readVisitAttribution(undefined)).toBeUndefined();
  });
});
