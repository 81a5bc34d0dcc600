import { Box } from "@chakra-ui/react";
import { type ComponentType, Suspense, lazy } from "react";

/** Resolves when the browser is idle (or after `timeout` ms at the latest). */
function whenIdle(timeout = 2500): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout });
    else window.setTimeout(resolve, 200);
  });
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
