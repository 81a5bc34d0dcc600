/**
 * Chromatic modes: every story is snapshotted once per mode, each with its own baseline.
 * A mode sets Storybook globals (the `locale` and `direction` toolbars of preview.tsx) and, for
 * Chromatic, the browser width. Arabic right to left is the site's default; English left to right is
 * the mirror; the phone width (390 px, an iPhone 12 to 15) is where the navbar collapses into a
 * drawer and forms and the demo stack into one column.
 */
export const viewports = {
  mobile: { name: "Phone (390 px)", styles: { width: "390px", height: "844px" }, type: "mobile" as const },
  tablet: { name: "Tablet (768 px)", styles: { width: "768px", height: "1024px" }, type: "tablet" as const },
  desktop: { name: "Desktop (1280 px)", styles: { width: "1280px", height: "800px" }, type: "desktop" as const },
};

const modes = {
  "ar rtl": { locale: "ar", direction: "auto", viewport: 1280 },
  "en ltr": { locale: "en", direction: "auto", viewport: 1280 },
  "ar mobile": { locale: "ar", direction: "auto", viewport: 390 },
  "en mobile": { locale: "en", direction: "auto", viewport: 390 },
} as const;

/** Both languages at desktop width: the default for every story. */
export const desktopModes = { "ar rtl": modes["ar rtl"], "en ltr": modes["en ltr"] };

/** Both languages at desktop and phone width: for pages and steps whose layout changes on a phone. */
export const responsiveModes = modes;

/** Story globals that put a story on the phone viewport (in Storybook and in the story tests). */
export const onMobile = { viewport: { value: "mobile", isRotated: false } };
