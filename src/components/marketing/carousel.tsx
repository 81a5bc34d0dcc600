import { Box, Flex, HStack, IconButton } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { DirectionalIcon } from "../directional-icon";

interface ResponsiveCarouselProps {
  /** The carousel's accessible name. */
  label: string;
  slides: readonly ReactNode[];
  /** From this breakpoint up the slides are a grid (2 or 4 columns) and the controls go away. */
  gridFrom?: "md";
}

/**
 * On small screens a swipeable carousel (native scroll snapping, so touch swipe and trackpads just
 * work) with previous/next buttons, arrow keys and a polite live region announcing the slide; on
 * larger screens a 2- or 4-column grid of the same items. Follows the WAI-ARIA carousel pattern:
 * `aria-roledescription="carousel"` on the region and `"slide"` on each group.
 */
export function ResponsiveCarousel({ label, slides }: ResponsiveCarouselProps) {
  const { t } = useLingui();
  const { dir } = useLocale();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [announce, setAnnounce] = useState(false);
  const count = slides.length;
  // Carousel semantics (a tab stop on the track, "carousel"/"slide" roles) only where it is one: below
  // the grid breakpoint. The first render (the server's, and hydration's) is the grid's, so a wide
  // screen never has a tab stop that moves nothing; a phone gets them as soon as the island runs (its
  // previous/next buttons work before that).
  const [sliding, setSliding] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia?.("(max-width: 47.99em)");
    if (!mq) return;
    const update = () => setSliding(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);

  const goTo = useCallback(
    (i: number) => {
      const el = track.current;
      const next = Math.max(0, Math.min(count - 1, i));
      const slide = el?.children[next] as HTMLElement | undefined;
      if (el && slide) {
        const reduce = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
        el.scrollTo({
          left: slide.offsetLeft - el.offsetLeft - (el.clientWidth - slide.clientWidth) / 2,
          behavior: reduce ? "auto" : "smooth",
        });
      }
      setAnnounce(true);
      setIndex(next);
    },
    [count],
  );

  // Follow swipes: the slide nearest the centre is the current one.
  useEffect(() => {
    const el = track.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(
      (entries) => {
        // In the grid layout (nothing to scroll) every slide is visible: keep the keyboard's index.
        if (el.scrollWidth <= el.clientWidth + 1) return;
        for (const e of entries) {
          if (e.isIntersecting && e.intersectionRatio >= 0.6) setIndex(Array.prototype.indexOf.call(el.children, e.target));
        }
      },
      { root: el, threshold: [0.6] },
    );
    for (const child of Array.from(el.children)) io.observe(child);
    return () => io.disconnect();
  }, [count]);

  const onKeyDown = (e: KeyboardEvent) => {
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (e.key === forward) goTo(index + 1);
    else if (e.key === back) goTo(index - 1);
    else if (e.key === "Home") goTo(0);
    else if (e.key === "End") goTo(count - 1);
    else return;
    e.preventDefault();
  };

  return (
    <Box
      as="section"
      aria-roledescription={sliding ? t`carousel` : undefined}
      aria-label={label}
      onKeyDown={sliding ? onKeyDown : undefined}
    >
      <HStack justify="flex-end" gap="2" mb="3" display={{ base: "flex", md: "none" }}>
        <IconButton
          aria-label={t`Previous slide`}
          variant="outline"
          size="sm"
          rounded="full"
          onClick={() => goTo(index - 1)}
          disabled={index === 0}
        >
          <DirectionalIcon>
            <ChevronLeft />
          </DirectionalIcon>
        </IconButton>
        <IconButton
          aria-label={t`Next slide`}
          variant="outline"
          size="sm"
          rounded="full"
          onClick={() => goTo(index + 1)}
          disabled={index === count - 1}
        >
          <DirectionalIcon>
            <ChevronRight />
          </DirectionalIcon>
        </IconButton>
      </HStack>
      <Flex
        ref={track}
        tabIndex={sliding ? 0 : undefined}
        aria-label={sliding ? t`Slides, use the arrow keys to move` : undefined}
        role={sliding ? "group" : undefined}
        display={{ base: "flex", md: "grid" }}
        gridTemplateColumns={{ md: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" }}
        gap="4"
        // A region that scrolls must be reachable from the keyboard (axe: scrollable-region-focusable): it
        // scrolls once it is a tab stop, when the island has run on a phone; before that the next slide
        // only peeks (a touch there loads the island, and the buttons' early taps are replayed).
        overflowX={{ base: sliding ? "auto" : "hidden", md: "visible" }}
        scrollSnapType={{ base: "x mandatory", md: "none" }}
        scrollPaddingInline="4"
        pb={{ base: "2", md: "0" }}
        css={{ scrollbarWidth: "none", "&::-webkit-scrollbar": { display: "none" } }}
        rounded="2xl"
        _focusVisible={{ outline: "2px solid", outlineColor: "brand.600", outlineOffset: "2px" }}
      >
        {slides.map((slide, i) => (
          <Box
            key={i}
            role={sliding ? "group" : undefined}
            aria-roledescription={sliding ? t`slide` : undefined}
            aria-label={sliding ? t`${i + 1} of ${count}` : undefined}
            flex={{ base: "0 0 85%", md: "initial" }}
            scrollSnapAlign="center"
            minW="0"
          >
            {slide}
          </Box>
        ))}
      </Flex>
      <HStack justify="center" gap="2" mt="4" display={{ base: "flex", md: "none" }} aria-hidden="true">
        {slides.map((_, i) => (
          <Box
            key={i}
            h="2"
            w={i === index ? "6" : "2"}
            rounded="full"
            bg={i === index ? "brand.600" : "ink.200"}
            transition="width 0.2s"
          />
        ))}
      </HStack>
      <Box aria-live="polite" aria-atomic="true" srOnly>
        {announce ? t`Slide ${index + 1} of ${count}` : ""}
      </Box>
    </Box>
  );
}
