import { Box } from "@chakra-ui/react";
import { type ComponentType, Suspense, lazy, use, useContext, useEffect, useId, useRef } from "react";
import { VISIBLE_MARGIN, whenIdle } from "./idle";
import { IslandCollectorContext, type IslandWhen } from "./frame";
import { type IslandName, type IslandProps, islandLoader } from "./registry";

/**
 * A server-rendered, interactive part of a public page whose code is not part of the page's initial
 * JavaScript. Names and code live in registry.ts; its props must be plain data (they are written into
 * the page as JSON).
 *
 * When an island's code is fetched in the browser (`when`):
 * - "idle": once the main thread is idle, or at the visitor's first interaction (forms, the demo);
 * - "visible": when the island comes within a quarter screen of the viewport, or something inside it gets
 *   focus or a pointer (sections below the fold: the FAQ accordion, the carousel, the teaser's tabs);
 * - "touched": only when something inside it gets focus or a pointer (the footer's newsletter form:
 *   text typed before then is kept, and a submission is held until the form is ready);
 * - "outbox": with the page's first other island, or when the outbox holds something from an earlier visit.
 *
 * Public pages are rendered in islands mode (src/app/islands/README.md), by the development server as
 * in production: only islands hydrate, each on its own root; here the server writes the island's element
 * (`data-island`, with its name, props and when to load) with the island's own render inside
 * (entry.server.tsx). Anywhere else (a client-side navigation from the admin area to a public page) the
 * page renders as a whole and an island is a lazy component.
 */
export function island<N extends IslandName>(
  name: N,
  { minH, when = "idle" }: { minH?: string; when?: IslandWhen } = {},
): ComponentType<IslandProps<N>> {
  const load = islandLoader(name);
  let show: () => void = () => {};
  const shown = new Promise<void>((resolve) => (show = resolve));
  const ready = () => (when === "visible" || when === "touched" ? shown : whenIdle());
  const Lazy = lazy(async () => ({ default: await (typeof window === "undefined" ? load() : ready().then(load)) }));
  const content = (props: IslandProps<N>) => (
    <Suspense fallback={<Box minH={minH} />}>
      <Lazy {...props} />
    </Suspense>
  );
  function VisibleIsland({ props }: { props: IslandProps<N> }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const el = ref.current;
      if (!el || typeof IntersectionObserver === "undefined") return show();
      const io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) show();
        },
        { rootMargin: VISIBLE_MARGIN },
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
  function Island(props: IslandProps<N>) {
    const collector = useContext(IslandCollectorContext);
    const id = useId();
    if (collector) {
      // The island's own render (same frame and useId prefix as its root in the browser), written in place:
      // the page's render waits for it here.
      const html = use(collector.html(id, name, props));
      return (
        <div
          data-island={name}
          data-island-id={id}
          data-when={when}
          data-props={JSON.stringify(props)}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      );
    }
    return when === "visible" || when === "touched" ? <VisibleIsland props={props} /> : content(props);
  }
  Island.displayName = `island:${name}`;
  return Island;
}
