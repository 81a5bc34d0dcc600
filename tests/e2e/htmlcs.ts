/**
 * HTML_CodeSniffer, pa11y's default runner, without pa11y and its Puppeteer: the package's built
 * `HTMLCS.js` is evaluated in the Playwright page (through the DevTools protocol, so the page's CSP does
 * not apply) and the page is sniffed against WCAG2AA, as `pa11y --standard WCAG2AA` does. pa11y counts
 * errors by default: errors are returned; warnings and notices are only counted, for the log.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve("html_codesniffer/build/HTMLCS.js"), "utf8");

/**
 * HTMLCS codes that are false positives on this site, each with the reason. Keep this empty unless the
 * markup cannot be made unambiguous.
 */
const IGNORED: Record<string, string> = {};

export type HtmlcsResult = { errors: string[]; warnings: number; notices: number };

/** Runs HTMLCS WCAG2AA over the page as it is now. */
export async function htmlcs(page: Page): Promise<HtmlcsResult> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { HTMLCS?: unknown }).HTMLCS !== "undefined");
  if (!loaded) await page.evaluate(source);
  const messages = await page.evaluate(
    () =>
      new Promise<{ type: number; code: string; msg: string; selector: string; html: string }[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document };
        const H = (
          window as unknown as {
            HTMLCS: {
              process: (s: string, d: Document, ok: () => void, fail: () => void, lang: string) => void;
              getMessages: () => Message[];
            };
          }
        ).HTMLCS;
        // A short, readable path to the element: tag, id or the first classes, up to four levels.
        const describe = (el: Element | Document): string => {
          if (!(el instanceof Element)) return "document";
          const parts: string[] = [];
          for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
            if (e.id) {
              parts.unshift(`#${e.id}`);
              break;
            }
            const testId = e.getAttribute("data-testid") ?? e.getAttribute("data-part");
            parts.unshift(`${e.localName}${testId ? `[${testId}]` : ""}`);
          }
          return parts.join(" > ");
        };
        H.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              H.getMessages().map((m) => ({
                type: m.type,
                code: m.code,
                msg: m.msg,
                selector: describe(m.element),
                html: m.element instanceof Element ? m.element.outerHTML.replace(/\s+/g, " ").slice(0, 160) : "",
              })),
            ),
          () => reject(new Error("HTMLCS failed")),
          "en",
        );
      }),
  );
  const errors = messages.filter((m) => m.type === 1 && !IGNORED[m.code]).map((m) => `${m.code}: ${m.msg} (${m.selector}) ${m.html}`);
  return {
    errors,
    warnings: messages.filter((m) => m.type === 2).length,
    notices: messages.filter((m) => m.type === 3).length,
  };
}
