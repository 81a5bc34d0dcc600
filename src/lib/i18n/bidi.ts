/**
 * User text (a post title, a name) set inside a sentence of the other direction: wrapped in FIRST STRONG
 * ISOLATE … POP DIRECTIONAL ISOLATE, so its brackets, quotes and digits keep their order and the
 * sentence around it is not reordered (for text that cannot be a `<bdi>`: toasts, dialog descriptions).
 */
export const isolateText = (s: string) => `\u2068${s}\u2069`;
