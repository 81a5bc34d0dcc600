/**
 * The addresses a post's links may have (the same as the sanitiser's, `src/lib/sanitize.ts`):
 * http(s), mailto and tel, and addresses on this site (a path, a `#section` or a `?query`).
 * "www.example.com" or "example.com/page" is taken as https; everything else is refused.
 */
type LinkUrlResult = { ok: true; url: string } | { ok: false };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const BARE_HOST = /^(?:[\p{L}\p{N}-]+\.)+[\p{L}]{2,}(?::\d+)?(?:[/?#]\S*)?$/u;

export function normalizeLinkUrl(input: string): LinkUrlResult {
  const value = input.trim();
  if (/^tel:/i.test(value))
    return /^tel:\+?[\d\s().-]{3,}$/i.test(value) ? { ok: true, url: value.replace(/[\s().-]/g, "") } : { ok: false };
  if (!value || /\s/.test(value)) return { ok: false };
  if (/^(?:\/(?!\/)|#|\?)/.test(value)) return { ok: true, url: value };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    try {
      const url = new URL(value);
      return url.hostname ? { ok: true, url: value } : { ok: false };
    } catch {
      return { ok: false };
    }
  }
  if (scheme === "mailto") return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+/i.test(value) ? { ok: true, url: value } : { ok: false };
  if (scheme && !BARE_HOST.test(value)) return { ok: false };
  if (/^[^@\s/]+@[^@\s/]+\.[a-z]{2,}$/i.test(value)) return { ok: true, url: `mailto:${value}` };
  if (BARE_HOST.test(value)) return { ok: true, url: `https://${value}` };
  return { ok: false };
}
