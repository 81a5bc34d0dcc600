import { describe, expect, it } from "vitest";
import { deviceOf, isBot, parseEvents, sourceOf } from "./event";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SAFARI_IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("isBot", () => {
  it.each([
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "WhatsApp/2.23.20.0",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "GPTBot/1.0",
    "",
    "x",
  ])("%s is a robot", (ua) => expect(isBot(ua)).toBe(true));

  it.each([CHROME_ANDROID, SAFARI_IPAD, FIREFOX_LINUX])("%s is a visitor", (ua) => expect(isBot(ua)).toBe(false));
});

describe("deviceOf", () => {
  it("tells phones, tablets and desktops apart", () => {
    expect(deviceOf(CHROME_ANDROID)).toBe("mobile");
    expect(deviceOf(SAFARI_IPAD)).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36")).toBe("tablet");
    expect(deviceOf(FIREFOX_LINUX)).toBe("desktop");
  });
});

describe("parseEvents (the beacon's wire schema)", () => {
  const touch = {
    source: "google",
    medium: "cpc",
    campaign: "dubai-q1",
    clickIds: ["gclid"],
    landingPage: "/en",
    at: "2026-11-27T10:00:00.000Z",
  };

  it("takes a page view with its forms and touch, a form event, or a batch", () => {
    expect(parseEvents({ k: "view", p: "/en/contact", l: "en", f: ["sales_lead"], t: touch })).toEqual({
      ok: true,
      events: [{ k: "view", p: "/en/contact", l: "en", f: ["sales_lead"], t: touch }],
    });
    const batch = parseEvents([
      { k: "form_start", p: "/contact", l: "ar", f: "sales_lead" },
      { k: "form_stored", p: "/contact", l: "ar", f: "sales_lead" },
    ]);
    expect(batch.ok && batch.events.length).toBe(2);
  });

  it.each([
    ["an unknown kind", { k: "click", p: "/", l: "ar" }],
    ["an unknown key (a client-chosen visitor id)", { k: "view", p: "/", l: "ar", id: "abc" }],
    ["a path with a query", { k: "view", p: "/?email=a@b.c", l: "ar" }],
    ["a full URL", { k: "view", p: "https://x.test/", l: "ar" }],
    ["an unknown language", { k: "view", p: "/", l: "fr" }],
    ["a form event without its form", { k: "form_start", p: "/", l: "ar" }],
    ["an unknown form", { k: "form_submit", p: "/", l: "ar", f: "login" }],
    ["a view naming a single form as text", { k: "view", p: "/", l: "ar", f: "sales_lead" }],
    ["a touch with a click id's value", { k: "view", p: "/", l: "ar", t: { ...touch, gclid: "abc" } }],
    ["an empty batch", []],
    ["a batch over 10", Array.from({ length: 11 }, () => ({ k: "view", p: "/", l: "ar" }))],
    ["not an object", "view"],
  ])("refuses %s", (_what, body) => {
    const r = parseEvents(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
  });

  it("names the field at fault, in an event and in a batch", () => {
    expect(parseEvents({ k: "view", l: "ar" })).toEqual({ ok: false, message: "p: missing" });
    expect(parseEvents({ k: "view", p: "/", l: "ar", id: "abc" })).toEqual({ ok: false, message: "id: not a field of this event" });
    expect(parseEvents({ k: "view", p: "/?q=1", l: "ar" })).toEqual({ ok: false, message: "p: p must be a path without query" });
    // A control character (U+0000 would fail the whole batch it is written with).
    for (const p of ["/blog\u0000x", "/blog\u0007", "/blog\u007f"])
      expect(parseEvents({ k: "view", p, l: "ar" })).toEqual({ ok: false, message: "p: p must be a path without query" });
    expect(
      parseEvents([
        { k: "view", p: "/", l: "ar" },
        { k: "form_start", p: "/", l: "ar", f: "login" },
      ]),
    ).toEqual({
      ok: false,
      message: "1.f: unknown form",
    });
    expect(parseEvents([])).toEqual({ ok: false, message: "a batch needs at least one event" });
    expect(parseEvents("view")).toEqual({ ok: false, message: "the body must be an event object or an array of them" });
  });
});

describe("sourceOf", () => {
  it("classifies the touch with the attribution's channels and keeps only source and campaign", () => {
    expect(sourceOf({ source: "Newsletter", medium: "email", campaign: "nov", landingPage: "/", at: "2026-11-27T10:00:00Z" })).toEqual({
      channel: "email",
      source: "newsletter",
      campaign: "nov",
    });
    expect(sourceOf({ referrer: "www.google.com", landingPage: "/", at: "2026-11-27T10:00:00Z" })).toEqual({
      channel: "organic_search",
      source: "www.google.com",
      campaign: null,
    });
    expect(sourceOf(undefined)).toEqual({ channel: "direct", source: null, campaign: null });
  });
});
