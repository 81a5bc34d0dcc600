/**
 * Known XSS vectors, written from the OWASP XSS Filter Evasion Cheat Sheet and the kinds of cases in
 * DOMPurify's own test fixtures (mXSS through foreign content and raw-text elements, DOM clobbering,
 * entity/whitespace-obfuscated schemes, style-based attacks, frames/forms/objects, event handlers).
 * Every one that "works" calls alert/confirm/prompt, `window.__xssHit`, navigates to a script URL or
 * loads something from xss.example; the tests watch for all of these.
 */
import vectors from "./vectors.json" with { type: "json" };

export const XSS_VECTORS: readonly string[] = vectors;
