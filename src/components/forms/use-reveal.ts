import { type RefObject, useEffect } from "react";

/**
 * When `shown` turns true, brings the element (a success message) to where the visitor is looking:
 * scrolled into the middle of the screen and focused, so it is seen on a phone and read out by
 * screen readers (the element carries role="status" and tabIndex={-1}).
 */
export function useReveal(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const reduce = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // After the layout that removed or reset the form has settled.
    const id = requestAnimationFrame(() => {
      el.scrollIntoView?.({ block: "center", behavior: reduce ? "auto" : "smooth" });
      el.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(id);
  }, [ref, shown]);
}
