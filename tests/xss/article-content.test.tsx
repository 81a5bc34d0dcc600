/**
 * The browser half of the sanitiser proof: every vector goes through the real ArticleContent
 * component (which, for HTML not marked as sanitised by the server, loads DOMPurify and sanitises in the
 * page) in headless Chromium. Nothing may execute,
 * nothing may be fetched from the attacker's host, and the resulting DOM may hold nothing unsafe.
 * (tests/e2e/blog-xss.spec.ts runs the same vectors through the server-rendered article page.)
 */
import { render } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../src/components/providers/app-providers";
import { ArticleContent } from "../../src/features/blog/components/article-view";
import { findUnsafe } from "./find-unsafe";
import { XSS_VECTORS } from "./vectors";

declare global {
  interface Window {
    __xssHit?: (what: string) => void;
  }
}

const hits: string[] = [];
const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, print: window.print };
let observer: PerformanceObserver | null = null;
const attackerRequests: string[] = [];

beforeAll(() => {
  window.__xssHit = (what) => hits.push(`__xssHit(${what})`);
  window.alert = (m?: unknown) => void hits.push(`alert(${String(m)})`);
  window.confirm = (m?: string) => (hits.push(`confirm(${m})`), false);
  window.prompt = (m?: string) => (hits.push(`prompt(${m})`), null);
  window.print = () => void hits.push("print()");
  observer = new PerformanceObserver((list) => {
    // Images from other hosts are allowed content (an <img> cannot run script); anything else is not.
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      if (e.name.includes("xss.example") && e.initiatorType !== "img") attackerRequests.push(`${e.initiatorType} ${e.name}`);
    }
  });
  observer.observe({ type: "resource", buffered: true });
});

afterAll(() => {
  Object.assign(window, saved);
  observer?.disconnect();
});

describe(`sanitised article content in Chromium (${XSS_VECTORS.length} vectors)`, () => {
  it("has at least 100 vectors", () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
  });

  it("executes none of them and leaves nothing unsafe in the DOM", async () => {
    const { container } = render(
      <AppProviders locale="en">
        {XSS_VECTORS.map((v, i) => (
          <section key={i} data-vector={i}>
            <ArticleContent html={v} />
          </section>
        ))}
      </AppProviders>,
    );
    // Every box has received its sanitised HTML (DOMPurify is loaded on first use)…
    await vi.waitFor(
      () => {
        expect(container.querySelectorAll(".article-content").length).toBe(XSS_VECTORS.length);
        expect(container.querySelectorAll(".article-content[aria-busy]").length).toBe(0);
      },
      { timeout: 15_000 },
    );
    // …then give error/load/focus/animation handlers time to fire if any survived.
    await new Promise((r) => setTimeout(r, 1500));
    const findings: string[] = [];
    for (const section of Array.from(container.querySelectorAll("section[data-vector]"))) {
      const content = section.querySelector(".article-content");
      if (!content) continue;
      for (const p of findUnsafe(content)) findings.push(`#${section.getAttribute("data-vector")}: ${p}`);
    }
    expect(findings).toEqual([]);
    expect(hits).toEqual([]);
    expect(attackerRequests).toEqual([]);
    expect(document.querySelectorAll("script[src*='xss.example'], iframe, object, embed").length).toBe(0);
  });
});
