/**
 * The analytics beacon (docs/analytics.md), as source text: plain ES5 pasted into the inline boot script of
 * every public page (src/app/deferred-boot.ts), run right after the visit is recorded, and the very same text
 * that beacon-source.test.ts runs (and holds to 1 KiB brotli).
 *
 * `trackPage()`: with Do Not Track or Global Privacy Control on, it does nothing at all. Otherwise it sends one
 * page view (the page's path and language, the visitor forms on the page, the visit's latest touch from the
 * tab's record) with `navigator.sendBeacon` (fetch with keepalive where that is refused), then one
 * "form_start" per form on the first focus inside it, and whatever form events the islands report
 * (report.ts: a DOM event on `document`). No cookie, no storage written, no identifier: the server counts
 * visitors by a daily-rotating hash it never stores the inputs of. The text holds no "<".
 */
import { VISIT_KEY } from "@/lib/attribution/attribution";
import { EVENT_PATH, FORM_EVENT } from "./wire";

/** The hidden field that names a visitor form (VISITOR_FORM_FIELD in src/lib/forms/visitor-forms.ts). */
const FORM_FIELD = "_form";

export const BEACON_SOURCE = `function trackPage() {
    var n = navigator, d = document, started = {};
    if (n.doNotTrack == "1" || window.doNotTrack == "1" || n.globalPrivacyControl) return;
    function send(e) {
      e.p = location.pathname.slice(0, 300);
      e.l = /^\\/en(\\/|$)/.test(e.p) ? "en" : "ar";
      try { var t = JSON.parse(sessionStorage.getItem(${JSON.stringify(VISIT_KEY)})).latest; if (t) e.t = t; } catch (x) {}
      var body = JSON.stringify(e);
      try { if (n.sendBeacon(${JSON.stringify(EVENT_PATH)}, body)) return; } catch (x) {}
      try { fetch(${JSON.stringify(EVENT_PATH)}, { method: "POST", body: body, keepalive: true, credentials: "omit" })["catch"](function () {}); } catch (x) {}
    }
    var sel = 'input[name="${FORM_FIELD}"]';
    var forms = [].map.call(d.querySelectorAll(sel), function (i) { return i.value; });
    send(forms.length ? { k: "view", f: forms.slice(0, 4) } : { k: "view" });
    d.addEventListener("focusin", function (ev) {
      var form = ev.target && ev.target.closest && ev.target.closest("form"), key = form && form.querySelector(sel);
      key = key && key.value;
      if (key && !started[key]) { started[key] = 1; send({ k: "form_start", f: key }); }
    }, true);
    d.addEventListener(${JSON.stringify(FORM_EVENT)}, function (ev) {
      var x = ev.detail || {};
      if (x.k && x.f) send({ k: x.k, f: x.f });
    });
  }`;
