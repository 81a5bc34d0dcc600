/** Marks a control whose click needs the page's JavaScript: the boot script (deferred-boot.ts) holds it until hydration. */
export const JS_ACTION_ATTR = "data-js-action";
/** Set on <html> once React has hydrated the document (root.tsx); held clicks are replayed then. */
export const HYDRATED_ATTR = "data-hydrated";
