import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VISIT_KEY, readVisitAttribution } from "./attribution";
import { CAPTURE_SOURCE } from "./capture-source";

/** The function exactly as the boot script has it (the same source text). */
const captureVisit = new Function(`${CAPTURE_SOURCE}; return captureVisit;`)() as (now: number) => void;

const T0 = Date.parse("2026-11-27T10:00:00Z");
const minutes = (n: number) => T0 + n * 60_000;

/** A page load at `url`, reached from `referrer`. */
function load(url: string, referrer = "", now = T0) {
  window.history.replaceState(null, "", url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  captureVisit(now);
}

const visit = () => JSON.parse(window.sessionStorage.getItem(VISIT_KEY) ?? "null");

describe("captureVisit (the boot script's record of the visit)", () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("keeps the landing page's tags as first and latest touch; pages browsed after change nothing", () => {
    load("/en/blog/speed?utm_source=whatsapp&utm_campaign=dubai-q1&gclid=secret-value");
    load("/en/blog", `${location.origin}/en/blog/speed`, minutes(1));
    load("/en/contact", `${location.origin}/en/blog`, minutes(2));
    const first = {
      source: "whatsapp",
      campaign: "dubai-q1",
      clickIds: ["gclid"],
      landingPage: "/en/blog/speed",
      at: new Date(T0).toISOString(),
    };
    expect(visit()).toEqual({ first, latest: first, seen: minutes(2) });
    // the click id's value is never kept, only its name
    expect(window.sessionStorage.getItem(VISIT_KEY)).not.toContain("secret-value");
    expect(readVisitAttribution()).toEqual({ first, latest: first });
  });

  it("a page reached from another site, or through a tagged link, becomes the latest touch", () => {
    load("/", "https://www.google.ae/");
    load("/blog", "https://www.linkedin.com/feed/", minutes(5));
    expect(visit().first).toMatchObject({ referrer: "www.google.ae", landingPage: "/" });
    expect(visit().latest).toMatchObject({ referrer: "www.linkedin.com", landingPage: "/blog" });
    load("/contact?utm_source=newsletter&utm_medium=email", `${location.origin}/blog`, minutes(6));
    expect(visit().latest).toEqual({
      source: "newsletter",
      medium: "email",
      landingPage: "/contact",
      at: new Date(minutes(6)).toISOString(),
    });
    expect(visit().first.referrer).toBe("www.google.ae");
  });

  it("a direct visit is recorded with neither tags nor referrer", () => {
    load("/contact");
    expect(visit().first).toEqual({ landingPage: "/contact", at: new Date(T0).toISOString() });
  });

  it("starts a new visit after 30 minutes without a page load", () => {
    load("/?utm_source=facebook", "https://l.facebook.com/");
    load("/blog", `${location.origin}/`, minutes(29));
    expect(visit().first.source).toBe("facebook");
    load("/blog", "", minutes(29 + 31));
    expect(visit().first).toEqual({ landingPage: "/blog", at: new Date(minutes(60)).toISOString() });
  });

  it("cuts long values and ignores empty ones", () => {
    load(`/?utm_source=&utm_campaign=${"x".repeat(300)}&utm_term=%20%20`);
    expect(visit().first).toEqual({ campaign: "x".repeat(100), landingPage: "/", at: new Date(T0).toISOString() });
  });

  it("records nothing, and throws nothing, when storage is refused", () => {
    const original = Object.getOwnPropertyDescriptor(window, "sessionStorage")!;
    Object.defineProperty(window, "sessionStorage", {
      configurable: true,
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    try {
      expect(() => load("/?utm_source=x")).not.toThrow();
    } finally {
      Object.defineProperty(window, "sessionStorage", original);
    }
  });
});
