/** Server-side sanitising: DOMPurify over a jsdom window, with the configuration of `sanitize.ts`. */
import DOMPurify, { type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { type SanitizeFn, type SanitizeOptions, createSanitizer } from "./sanitize";

let sanitizer: SanitizeFn | null = null;

export function sanitizeHtmlOnServer(html: string, options?: SanitizeOptions): string {
  if (!sanitizer) sanitizer = createSanitizer(DOMPurify(new JSDOM("").window as unknown as WindowLike));
  return sanitizer(html, options);
}
