/**
 * The Content-Security-Policy of a rendered page.
 *
 * Scripts: only files from this origin and the page's own inline scripts, each allowed by the SHA-256 of
 * its text (the paint-first boot script, see deferred-boot.ts, which starts the islands loader from this
 * origin; in the admin, React Router's context and route-module scripts and the scroll restoration script). Hashes rather than a
 * nonce because public pages are rendered once and served from a cache to everyone (server/site/pages.ts): a
 * nonce repeated to every visitor is no nonce, while a hash says exactly which script text may run.
 * Styles keep 'unsafe-inline': Emotion (Chakra) writes <style> elements and style attributes at runtime.
 */
import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 sources for every inline script in the document (external ones are covered by 'self'). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes) || text === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
}

function origins(urls: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const value of urls) {
    if (!value) continue;
    try {
      const u = new URL(value);
      out.add(u.origin);
      if (u.protocol === "https:" || u.protocol === "http:") out.add(`${u.protocol === "https:" ? "wss:" : "ws:"}//${u.host}`);
    } catch {
      /* not a URL: nothing to allow */
    }
  }
  return [...out];
}

interface CspOptions {
  /** Other origins the browser talks to: hosted Supabase, the audio webhook. */
  connectTo?: (string | null | undefined)[];
  /** The canonical origin; an https one also upgrades stray http sub-resources. */
  origin?: string | null;
}

export function contentSecurityPolicy(html: string, { connectTo = [], origin }: CspOptions = {}): string {
  const connect = origins(connectTo);
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${connect.length ? ` ${connect.join(" ")}` : ""}`,
    "media-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(origin?.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
