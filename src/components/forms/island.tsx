import { Box } from "@chakra-ui/react";
import { type ComponentType, Suspense, lazy } from "react";

let idle: Promise<void> | null = null;

/**
 * Resolves when the browser is idle (after `timeout` ms at the latest), or at once when the visitor
 * starts interacting with the page (so a form is ready by the time they type into it).
 */
function whenIdle(timeout = 2500): Promise<void> {
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

/**
 * A server-rendered component whose JavaScript is not part of the page's initial bundle: the server
 * renders it in full (the module is imported right away there), and in the browser the server's
 * HTML stays in place while its code is fetched once the main thread is idle; then it hydrates.
 * Used for forms below the fold (lead form, newsletter) so the landing page stays light.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, minH?: string): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await (typeof window === "undefined" ? load() : whenIdle().then(load)) }));
  function Island(props: P) {
    return (
      <Suspense fallback={<Box minH={minH} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Island;
}
