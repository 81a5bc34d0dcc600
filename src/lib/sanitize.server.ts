/**
 * Server-side sanitising: DOMPurify over a jsdom window, with the configuration of `sanitize.ts`.
 * jsdom (about 50 MB of memory) is loaded on the first article render, not when the server starts.
 */
import DOMPurify, { type WindowLike } from "dompurify";
import { type SanitizeFn, createSanitizer } from "./sanitize";

let sanitizer: Promise<SanitizeFn> | null = null;

/** The server's sanitiser (same rules and hooks as the browser's); loads jsdom once. */
export function serverSanitizer(): Promise<SanitizeFn> {
  sanitizer ??= import("jsdom").then(({ JSDOM }) => createSanitizer(DOMPurify(new JSDOM("").window as unknown as WindowLike)));
  return sanitizer;
}
