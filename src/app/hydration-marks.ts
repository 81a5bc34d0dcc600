/** Marks a control whose click needs the page's JavaScript: the boot script (deferred-boot.ts) holds it until hydration. */
export const JS_ACTION_ATTR = "data-js-action";
/** Set on <html> once React has hydrated the document (root.tsx); held clicks are replayed then. */
export const HYDRATED_ATTR = "data-hydrated";
/** Marks an island's element on a page in islands mode (src/app/islands); it gets `data-hydrated` once its root has hydrated. */
export const ISLAND_ATTR = "data-island";
/** Dispatched on an island's element when something needs it now (a held click): its loader hydrates it at once. */
export const ISLAND_WANTED_EVENT = "island-wanted";
/** What works in an island before it hydrates (links and form controls): clicks on these are never held. */
export const NATIVE_CONTROLS = 'a[href], input, select, textarea, label, button[type="submit"]';
/** JSON to put inside a `<script>` element: nothing in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
