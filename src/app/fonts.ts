/**
 * Fonts that never delay the first paint.
 *
 * A page declares only its own language's web face (Inter on English pages, Noto Sans Arabic on Arabic
 * ones), and a first visit never waits for it: the page paints in a local system font shaped to take the
 * same space (the "… Fallback" faces below: size-adjust and ascent/descent/line-gap overrides measured
 * with scripts/font-metrics.mjs), so nothing moves if the web face is used later. The web face is then
 * fetched once the page has loaded and the browser is idle, at low priority, without being applied to
 * that page; from the next page on (the face is in the HTTP cache and a flag in localStorage says so) the
 * head script adds it before the body is parsed, with `display: optional`: used when it is ready at
 * first paint, otherwise that view keeps the fallback (no swap, no shift). No font is preloaded: nothing
 * competes with the page's largest paint for the connection.
 *
 * Both fallback faces are declared on every page (they cost no download), each limited to its script by
 * unicode-range, so the few Latin words on an Arabic page (and the other way round) keep their metrics.
 */
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import notoArabic from "./fonts/noto-sans-arabic-core-wght.woff2?url";
import type { Locale } from "@/lib/i18n/locale";

type WebFace = { family: string; url: string; unicodeRange: string };

const LATIN =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";
const LATIN_EXT =
  "U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF";
/** The Arabic block and marks the committed subset keeps (scripts/subset-arabic-font.sh: keep in step). */
const ARABIC = "U+0600-06FF, U+200C-200F, U+2010-2011, U+204F, U+2E41, U+FD3E-FD3F, U+FDF2, U+FDFC";

/** Each language's web faces. */
const WEB_FACES: Record<Locale, WebFace[]> = {
  en: [
    { family: "Inter Variable", url: interLatin, unicodeRange: LATIN },
    { family: "Inter Variable", url: interLatinExt, unicodeRange: LATIN_EXT },
  ],
  ar: [{ family: "Noto Sans Arabic Variable", url: notoArabic, unicodeRange: ARABIC }],
};

/**
 * Local faces with the web faces' metrics. Inter against Arial's metrics (Liberation Sans and Arimo
 * share them): size-adjust 103.48 %, ascent 93.62 %, descent 23.31 %, no line gap. Noto Sans Arabic's
 * own system install (Android, Linux) has the same design and metrics, so it comes first in the stack
 * unchanged; elsewhere (Windows, Apple) the Arabic system face gets Noto Sans Arabic's line metrics
 * (ascent 137.4 %, descent 73.8 %, no line gap), so lines keep their height. Regular and bold are
 * separate local faces, so headings use a real bold instead of a synthesised one.
 */
function fallback(family: string, range: string, regular: string[], bold: string[], metrics: string): string {
  const src = (names: string[]) => names.map((n) => `local("${n}")`).join(", ");
  return [
    `@font-face{font-family:"${family}";font-weight:100 500;src:${src(regular)};unicode-range:${range};${metrics}}`,
    `@font-face{font-family:"${family}";font-weight:600 900;src:${src(bold)};unicode-range:${range};${metrics}}`,
  ].join("");
}

export const FALLBACK_FACES_CSS =
  fallback(
    "Inter Fallback",
    `${LATIN}, ${LATIN_EXT}`,
    ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Helvetica"],
    ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold", "Helvetica Bold"],
    "size-adjust:103.48%;ascent-override:93.62%;descent-override:23.31%;line-gap-override:0%",
  ) +
  fallback(
    "Noto Sans Arabic Fallback",
    ARABIC,
    ["Segoe UI", "SegoeUI", "Geeza Pro", "GeezaPro", "Tahoma", "Arial", "ArialMT"],
    ["Segoe UI Bold", "SegoeUI-Bold", "Geeza Pro Bold", "GeezaPro-Bold", "Tahoma Bold", "Tahoma-Bold", "Arial Bold", "Arial-BoldMT"],
    "ascent-override:137.4%;descent-override:73.8%;line-gap-override:0%",
  );

/** The localStorage key that says this language's faces are in the HTTP cache. */
const fontFlag = (locale: Locale) => `wasla-fonts-${locale}`;

/**
 * The head script (source text; its SHA-256 goes into the page's CSP like every inline script). With the
 * flag set it adds the faces before the body is parsed; otherwise it fetches them a second after both
 * the load event and the first paint, when the browser is idle, without adding them to the page, and
 * sets the flag once they arrived. (A small page can fire load before it first paints: a fetch started
 * at load then raced the page's largest paint for the connection, which Lighthouse counted in its LCP.)
 */
const SCRIPT = `(function (faces, key) {
  if (!window.FontFace || !document.fonts) return;
  function face(f) { return new FontFace(f.family, 'url("' + f.url + '") format("woff2")', { weight: "100 900", style: "normal", display: "optional", unicodeRange: f.unicodeRange }); }
  var cached = false;
  try { cached = localStorage.getItem(key) === "1"; } catch (e) {}
  if (cached) { faces.forEach(function (f) { document.fonts.add(face(f)); }); return; }
  function fetchFaces() {
    Promise.all(faces.map(function (f) { return face(f).load(); })).then(function () {
      try { localStorage.setItem(key, "1"); } catch (e) {}
    }, function () {});
  }
  function idle() {
    if (window.requestIdleCallback) requestIdleCallback(fetchFaces, { timeout: 4000 }); else setTimeout(fetchFaces, 1000);
  }
  function later() {
    var started = false, observer = null;
    function go() { if (started) return; started = true; if (observer) observer.disconnect(); setTimeout(idle, 1000); }
    try {
      observer = new PerformanceObserver(function (list) { if (list.getEntriesByName("first-contentful-paint").length) go(); });
      observer.observe({ type: "paint", buffered: true });
    } catch (e) { go(); }
    setTimeout(go, 3000);
  }
  if (document.readyState === "complete") later(); else addEventListener("load", later, { once: true });
})`.replace(/\n\s*/g, " ");

/** The inline script for a page in `locale`. */
export function fontScript(locale: Locale): string {
  const faces = WEB_FACES[locale];
  return `${SCRIPT}(${JSON.stringify(faces).replace(/</g, "\\u003c")}, ${JSON.stringify(fontFlag(locale))})`;
}
