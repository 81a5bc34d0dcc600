/**
 * How close to the viewport a "visible" island starts loading: a quarter of a screen, so its code is
 * usually there before it scrolls into view, while sections further down (most of the landing page on a
 * phone or a laptop) load nothing until the visitor scrolls. A tap that comes first is held and replayed.
 */
export const VISIBLE_MARGIN = "25% 0px";

let idle: Promise<void> | null = null;

/**
 * Resolves when the browser is idle (after `timeout` ms at the latest), or at once when the visitor
 * starts interacting with the page (so a form is ready by the time they type into it).
 */
export function whenIdle(timeout = 2500): Promise<void> {
  idle ??= new Promise((resolve) => {
    const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
    const done = () => {
      for (const e of events) document.removeEventListener(e, done, true);
      resolve();
    };
    for (const e of events) document.addEventListener(e, done, { capture: true, passive: true });
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(done, { timeout });
    else window.setTimeout(done, 200);
  });
  return idle;
}
