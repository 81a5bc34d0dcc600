/**
 * Server-side sanitising: DOMPurify over a jsdom window, with the configuration of `sanitize.ts`.
 * jsdom (about 50 MB of memory) is loaded on the first article render, not when the server starts.
 */
import DOMPurify, { type WindowLike } from "dompurify";
import type { DOMWindow } from "jsdom";
import { type SanitizeFn, createSanitizer } from "./sanitize.ts";

/** What DOMPurify reads of a window, taken from jsdom's by name (jsdom types its window apart from the DOM's). */
function purifyWindow(w: DOMWindow): WindowLike {
  return {
    document: w.document,
    DocumentFragment: w.DocumentFragment,
    HTMLTemplateElement: w.HTMLTemplateElement,
    Node: w.Node,
    Element: w.Element,
    NodeFilter: w.NodeFilter,
    NamedNodeMap: w.NamedNodeMap,
    HTMLFormElement: w.HTMLFormElement,
    DOMParser: w.DOMParser,
  };
}

let sanitizer: Promise<SanitizeFn> | null = null;

/** The server's sanitiser (same rules and hooks as the browser's); loads jsdom once. */
export function serverSanitizer(): Promise<SanitizeFn> {
  sanitizer ??= import("jsdom").then(({ JSDOM }) => createSanitizer(DOMPurify(purifyWindow(new JSDOM("").window))));
  return sanitizer;
}
