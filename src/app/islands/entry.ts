/**
 * The script a public page loads (root.tsx, started after the first paint by deferred-boot.ts): no
 * React, no router, a couple of KiB. It finds the page's islands and, for each, loads React and the
 * island's code when it is needed (see `IslandWhen` in frame.tsx), then hydrates it on its own root
 * (runtime.tsx). It also opens the demo booking dialog for the page's "Book a Demo" controls, which are
 * plain server-rendered buttons.
 */
import { revealImageFallbacks } from "@/components/fallback-image-dom";
import { NOTICES_KEY, OUTBOX_KEY } from "@/lib/submit/outbox";
import { HYDRATED_ATTR, ISLAND_ATTR, ISLAND_WANTED_EVENT, JS_ACTION_ATTR } from "../hydration-marks";
import { VISIBLE_MARGIN, whenIdle } from "./idle";
import type * as RuntimeModule from "./runtime";

type Runtime = typeof RuntimeModule;
let runtime: Promise<Runtime> | undefined;
const loadRuntime = () => (runtime ??= import("./runtime"));

const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
const started = new WeakSet<HTMLElement>();

function hydrate(el: HTMLElement) {
  if (started.has(el)) return;
  started.add(el);
  if (el.dataset.when !== "outbox") for (const other of islands) if (other.dataset.when === "outbox") hydrate(other);
  void loadRuntime().then((r) => r.hydrateIsland(el));
}

function outboxHolds(): boolean {
  try {
    return Boolean(window.localStorage.getItem(OUTBOX_KEY) || window.localStorage.getItem(NOTICES_KEY));
  } catch {
    return false;
  }
}

const visible =
  typeof IntersectionObserver === "undefined"
    ? null
    : new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            visible?.unobserve(e.target);
            hydrate(e.target as HTMLElement);
          }
        },
        { rootMargin: VISIBLE_MARGIN },
      );

for (const el of islands) {
  // Touching an island loads it at once, whatever it waits for otherwise; so does a click deferred-boot.ts holds.
  for (const type of ["pointerdown", "focusin", "touchstart"] as const)
    el.addEventListener(type, () => hydrate(el), { capture: true, passive: true, once: true });
  el.addEventListener(ISLAND_WANTED_EVENT, () => hydrate(el), { once: true });
  // Touched before this script ran (a slow connection): focus inside, or a submission or click deferred-boot.ts holds.
  if (el.contains(document.activeElement) || el.hasAttribute("data-held-click") || el.querySelector("[data-held-submit]")) {
    hydrate(el);
    continue;
  }
  const when = el.dataset.when;
  if (when === "touched") continue;
  if (when === "visible" && visible) visible.observe(el);
  else if (when === "outbox") {
    if (outboxHolds()) void whenIdle().then(() => hydrate(el));
  } else void whenIdle().then(() => hydrate(el));
}

/** "Book a Demo" (hero, footer): a server-rendered control that opens the dialog, whose code loads on first use. */
const DEMO = `[${JS_ACTION_ATTR}="demo"]`;
const demoControl = (target: EventTarget | null) => (target instanceof Element ? target.closest(DEMO) : null);
document.addEventListener("click", (event) => {
  if (!demoControl(event.target)) return;
  event.preventDefault();
  // The dialog sends through the browser outbox: its island (the "saved on this device" notice, retries on
  // reconnect, what became of a queued booking) comes with it.
  for (const el of islands) if (el.dataset.when === "outbox") hydrate(el);
  void loadRuntime().then((r) => r.openDemoDialog());
});
const preloadDemo = (event: Event) => {
  if (demoControl(event.target)) void loadRuntime().then((r) => r.preloadDemoDialog());
};
document.addEventListener("pointerover", preloadDemo, { passive: true });
document.addEventListener("focusin", preloadDemo);

// A list that searches as the visitor types (the blog): its small script loads only on such a page.
const liveSearchForm = document.querySelector<HTMLFormElement>("form[data-live-search]");
if (liveSearchForm) void import("./live-search").then((m) => m.liveSearch(liveSearchForm));

// Broken images outside islands (an article's hero image) give way to their stand-ins.
revealImageFallbacks(document);

// A click deferred-boot.ts held on such a control before this script ran is clicked again now.
document.documentElement.setAttribute(HYDRATED_ATTR, "");
