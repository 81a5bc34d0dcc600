/**
 * The visit's touches, recorded on every public page load by the inline boot script
 * (src/app/deferred-boot.ts), as source text: plain ES5 pasted into every page, run before anything
 * else, and the very same text that capture-source.test.ts runs. See ./attribution.ts for what a touch is.
 *
 * `captureVisit(now)`: reads the page's address and referrer; a new visit (no record in the tab, or the
 * last page load more than VISIT_IDLE_MS ago) starts with this page as its first and latest touch; a page
 * reached from another site or through a tagged link becomes the latest touch; any other page load only
 * refreshes the visit. Nothing leaves the tab until a form is sent, no cookie is set, and a browser that
 * refuses storage records nothing. The text holds no "<" (the page's checks read the inline script up to one).
 */
import { CLICK_IDS, UTM_FIELDS, UTM_MAX, VISIT_IDLE_MS, VISIT_KEY } from "./attribution";

export const CAPTURE_SOURCE = `function captureVisit(now) {
    try {
      var store = window.sessionStorage, raw = store.getItem(${JSON.stringify(VISIT_KEY)});
      var visit = raw ? JSON.parse(raw) : null, params = new URLSearchParams(location.search);
      var touch = {}, tagged = false, ref = "";
      ${JSON.stringify(UTM_FIELDS)}.forEach(function (k) {
        var value = (params.get("utm_" + k) || "").trim().slice(0, ${UTM_MAX});
        if (value) { touch[k] = value; tagged = true; }
      });
      var clicks = ${JSON.stringify(CLICK_IDS)}.filter(function (k) { return params.has(k); });
      if (clicks.length) { touch.clickIds = clicks; tagged = true; }
      try { ref = document.referrer ? new URL(document.referrer).hostname.toLowerCase() : ""; } catch (e) {}
      if (ref && ref !== location.hostname.toLowerCase()) touch.referrer = ref;
      touch.landingPage = location.pathname.slice(0, 500);
      touch.at = new Date(now).toISOString();
      if (!visit || !visit.first || !(${VISIT_IDLE_MS} > now - visit.seen)) visit = { first: touch, latest: touch };
      else if (tagged || touch.referrer) visit.latest = touch;
      visit.seen = now;
      store.setItem(${JSON.stringify(VISIT_KEY)}, JSON.stringify(visit));
    } catch (e) {}
  }`;
