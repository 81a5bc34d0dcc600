import { Box } from "@chakra-ui/react";
import { type ComponentType, Suspense, lazy, useEffect, useRef } from "react";

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
 * When an island's code is fetched in the browser:
 * - "idle": once the main thread is idle, or at the visitor's first interaction (forms, the demo);
 * - "visible": when the island comes within a screen of the viewport, or something inside it gets
 *   focus or a pointer (sections below the fold: the FAQ accordion, the carousel, the teaser's tabs).
 */
type IslandWhen = "idle" | "visible";

/**
 * A server-rendered component whose JavaScript is not part of the page's initial bundle: the server
 * renders it in full (the module is imported right away there), and in the browser the server's
 * HTML stays in place (a dehydrated Suspense boundary) while its code is fetched; then it hydrates.
 * Used for forms (lead form, newsletter), the demo and the landing page's sections below the fold,
 * so a page's first load carries only its shell.
 *
 * A "visible" island is wrapped in a `<div>` (the element it watches), on the server too.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  minH?: string,
  when: IslandWhen = "idle",
): ComponentType<P> {
  let show: () => void = () => {};
  const shown = new Promise<void>((resolve) => (show = resolve));
  const ready = () => (when === "idle" ? whenIdle() : shown);
  const Lazy = lazy(async () => ({ default: await (typeof window === "undefined" ? load() : ready().then(load)) }));
  const content = (props: P) => (
    <Suspense fallback={<Box minH={minH} />}>
      <Lazy {...props} />
    </Suspense>
  );
  function Island(props: P) {
    return content(props);
  }
  function VisibleIsland(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const el = ref.current;
      if (!el || typeof IntersectionObserver === "undefined") return show();
      const io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) show();
        },
        { rootMargin: "100% 0px" },
      );
      io.observe(el);
      const events = ["pointerdown", "focusin", "touchstart"] as const;
      for (const e of events) el.addEventListener(e, show, { capture: true, passive: true });
      return () => {
        io.disconnect();
        for (const e of events) el.removeEventListener(e, show, true);
      };
    }, []);
    return <div ref={ref}>{content(props)}</div>;
  }
  return when === "idle" ? Island : VisibleIsland;
}
