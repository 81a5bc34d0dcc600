import { brotliCompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VISIT_KEY } from "@/lib/attribution/attribution";
import { BEACON_SOURCE } from "./beacon-source";
import { reportFormEvent } from "./report";
import { EVENT_PATH } from "./wire";

/** The function exactly as the boot script has it (the same source text). */
const trackPage = new Function(`${BEACON_SOURCE}; return trackPage;`)() as () => void;

let sent: { url: string; body: unknown }[] = [];
const listeners: [string, EventListener, boolean | undefined][] = [];

beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: string) => (sent.push({ url, body: JSON.parse(body) }), true),
  });
  Object.defineProperty(navigator, "doNotTrack", { configurable: true, value: null });
  Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: undefined });
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, "addEventListener").mockImplementation((type: string, fn: EventListenerOrEventListenerObject, opts?: unknown) => {
    listeners.push([type, fn as EventListener, opts as boolean | undefined]);
    add(type, fn, opts as boolean);
  });
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/en/contact");
  document.body.innerHTML = `<form><input type="hidden" name="_form" value="sales_lead"><input name="fullName"></form>
    <form><input type="hidden" name="_form" value="newsletter"><input name="email"></form>`;
});

afterEach(() => {
  for (const [type, fn, opts] of listeners.splice(0)) document.removeEventListener(type, fn, opts);
  vi.restoreAllMocks();
  document.body.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

describe("the beacon (boot script text)", () => {
  it("is at most 1 KiB compressed with brotli", () => {
    expect(brotliCompressSync(Buffer.from(BEACON_SOURCE)).length).toBeLessThanOrEqual(1024);
    expect(BEACON_SOURCE).not.toContain("<");
  });

  it("sends one page view with the page's forms and the visit's latest touch, then each form event", () => {
    const latest = { source: "whatsapp", landingPage: "/en/contact", at: "2026-11-27T10:00:00.000Z" };
    window.sessionStorage.setItem(VISIT_KEY, JSON.stringify({ first: latest, latest, seen: 1 }));
    trackPage();
    expect(sent).toEqual([{ url: EVENT_PATH, body: { k: "view", f: ["sales_lead", "newsletter"], p: "/en/contact", l: "en", t: latest } }]);
    const field = document.querySelector<HTMLInputElement>('input[name="fullName"]')!;
    field.focus();
    field.blur();
    field.focus();
    reportFormEvent("sales_lead", "form_submit");
    reportFormEvent("sales_lead", "form_stored");
    expect(sent.slice(1).map((s) => (s.body as { k: string; f: string }).k)).toEqual(["form_start", "form_submit", "form_stored"]);
    expect(sent.slice(1).every((s) => (s.body as { f: string }).f === "sales_lead")).toBe(true);
  });

  it("still counts the view when storage is blocked (no touch, counted as direct)", () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    window.history.replaceState(null, "", "/blog");
    trackPage();
    expect(sent).toEqual([{ url: EVENT_PATH, body: { k: "view", f: ["sales_lead", "newsletter"], p: "/blog", l: "ar" } }]);
  });

  it.each([
    ["Do Not Track", () => Object.defineProperty(navigator, "doNotTrack", { configurable: true, value: "1" })],
    ["Global Privacy Control", () => Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: true })],
  ])("sends nothing at all with %s", (_name, set) => {
    set();
    trackPage();
    document.querySelector<HTMLInputElement>('input[name="fullName"]')!.focus();
    reportFormEvent("sales_lead", "form_submit");
    expect(sent).toEqual([]);
  });

  it("falls back to fetch with keepalive when sendBeacon refuses", () => {
    Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: () => false });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetchSpy);
    trackPage();
    expect(fetchSpy).toHaveBeenCalledWith(EVENT_PATH, expect.objectContaining({ method: "POST", keepalive: true, credentials: "omit" }));
    vi.unstubAllGlobals();
  });
});
