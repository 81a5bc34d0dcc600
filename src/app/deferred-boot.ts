/**
 * Paint first, then hydrate: the inline boot script every page ends with (root.tsx renders it).
 *
 * A public page is complete without JavaScript, so it paints before any script is requested: the islands
 * loader is not in the markup as a module script, and its files are not `<link rel="modulepreload">`s in
 * <head> (on a phone, high-priority script requests sharing the connection with the document delay the
 * first paint). The boot script adds the loader's module script and its preloads as soon as the first
 * contentful paint is reported (two frames plus a second at the latest, where paint timing is not
 * supported or slow; at once when the tab is hidden, since there is nothing to paint). The same files
 * load, in parallel, the same way in development (the loader from Vite's dev server) and in production.
 *
 * The admin area, hydrated as a whole by React Router, gets the same script without a module to start:
 * React Router's own scripts load as usual, and the script only holds early submissions and clicks.
 */
import { BEACON_SOURCE } from "@/lib/analytics/beacon-source";
import { CAPTURE_SOURCE } from "@/lib/attribution/capture-source";
import { HELD_TAP_SOURCE } from "./held-tap";
import { HYDRATED_ATTR, ISLAND_ATTR, ISLAND_WANTED_EVENT, JS_ACTION_ATTR, NATIVE_CONTROLS, scriptJson } from "./hydration-marks";

/**
 * The browser side, as source text (not a function's `toString()`, which a transpiler may decorate):
 * add the page's module script (the islands loader), then its preloads a dozen per task (each starts a
 * request; sixty at once were a 30 ms task), once the page has painted; until a
 * form is hydrated (`data-ready="true"`, see `useHydratedForm`), hold its submission and replay it then;
 * until the page is hydrated (`<html data-hydrated>`), hold a click on a control that only works with
 * JavaScript (`data-js-action`, e.g. "Book a Demo", which opens a dialog) and click it again then, so a
 * tap during the first seconds on a slow phone is not lost; likewise a click inside an island of a page
 * in islands mode until that island has hydrated (its own `data-hydrated`; the island is asked to load
 * with an event, src/app/islands/entry.ts), except on links and form controls, which work without it.
 * The held tap is replayed once, with a real click, on the control it was meant for: the nearest
 * actionable ancestor of its target (held-tap.ts), found again by id or position if hydration replaced
 * it. Further taps on the same island while it is held are dropped (an impatient second tap).
 * Before all that, it records where the visit came from in the tab (captureVisit, see
 * src/lib/attribution/capture-source.ts): at once, so a visitor who follows a link before the page's
 * modules load still has the page they landed on (public pages only: the admin area waits for no paint),
 * then counts the page view (trackPage, see src/lib/analytics/beacon-source.ts: no cookie, nothing with Do Not
 * Track or Global Privacy Control on).
 */
const BOOT = `(function (module, preloads, waitForPaint) {
  var ACTION = "${JS_ACTION_ATTR}", HYDRATED = "${HYDRATED_ATTR}", ISLAND = "${ISLAND_ATTR}";
  var NATIVE = ${JSON.stringify(NATIVE_CONTROLS)};
  var started = false;
  ${HELD_TAP_SOURCE}
  ${CAPTURE_SOURCE}
  ${BEACON_SOURCE}
  if (waitForPaint) { captureVisit(Date.now()); trackPage(); }
  function preload(from) {
    var batch = document.createDocumentFragment();
    preloads.slice(from, from + 12).forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      batch.appendChild(link);
    });
    document.head.appendChild(batch);
    if (from + 12 >= preloads.length) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function () { preload(from + 12); };
    channel.port2.postMessage(null);
  }
  function start() {
    if (started) return;
    started = true;
    if (module) {
      var script = document.createElement("script");
      script.type = "module";
      script.src = module;
      document.body.appendChild(script);
    }
    preload(0);
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-js-form") || form.getAttribute("data-ready") === "true") return;
    event.preventDefault();
    start();
    if (form.hasAttribute("data-held-submit")) return;
    form.setAttribute("data-held-submit", "");
    var submitter = event.submitter && event.submitter.form === form ? event.submitter : null;
    var watcher = new MutationObserver(function () {
      if (form.getAttribute("data-ready") !== "true") return;
      watcher.disconnect();
      form.removeAttribute("data-held-submit");
      if (submitter) form.requestSubmit(submitter); else form.requestSubmit();
    });
    watcher.observe(form, { attributes: true, attributeFilter: ["data-ready"] });
  }, true);
  document.addEventListener("click", function (event) {
    var root = document.documentElement;
    var target = event.target instanceof Element ? event.target : null;
    var control = target && target.closest("[" + ACTION + "]");
    var scope = root, holder = control;
    if (!control || root.hasAttribute(HYDRATED)) {
      var island = target && target.closest("[" + ISLAND + "]");
      if (!island || island.hasAttribute(HYDRATED) || target.closest(NATIVE)) return;
      control = actionable(target, island);
      scope = holder = island;
      island.dispatchEvent(new Event("${ISLAND_WANTED_EVENT}"));
    }
    event.preventDefault();
    event.stopPropagation();
    start();
    if (holder.hasAttribute("data-held-click")) return;
    holder.setAttribute("data-held-click", "");
    var path = pathOf(control, scope);
    var watcher = new MutationObserver(function () {
      if (!scope.hasAttribute(HYDRATED)) return;
      watcher.disconnect();
      holder.removeAttribute("data-held-click");
      var el = refind(control, path, scope);
      if (el) replay(el);
    });
    watcher.observe(scope, { attributes: true, attributeFilter: [HYDRATED] });
  }, true);
  if (!waitForPaint || document.visibilityState === "hidden") return start();
  var observer;
  try {
    observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); start(); }
    });
    observer.observe({ type: "paint", buffered: true });
  } catch (e) { observer = null; }
  requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, observer ? 1000 : 0); }); });
  document.addEventListener("visibilitychange", start, { once: true });
})`.replace(/\n\s*/g, " ");

/** The id of the inline boot script. */
export const BOOT_ID = "boot-after-paint";

export interface BootOptions {
  /** The module to start (the islands loader), or null when the page's framework starts its own (the admin area). */
  module: string | null;
  /** Files to preload once started: the module's static imports. */
  preloads: string[];
  /**
   * A visitor's page (not the admin area): record where the visit came from, count the page view, and
   * start the module after the first paint. The admin area, an application where being interactive
   * matters more than painting first, starts at once.
   */
  waitForPaint: boolean;
}

/**
 * The boot script's text. Whatever the page, a form submitted before React has hydrated it is held (not
 * sent by the browser as a URL full of the visitor's details) and submitted again once it is ready, and
 * a click on a control that needs script is held and replayed (see BOOT).
 */
export function bootScript({ module, preloads, waitForPaint }: BootOptions): string {
  return `${BOOT}(${scriptJson([module, preloads, waitForPaint]).slice(1, -1)})`;
}
