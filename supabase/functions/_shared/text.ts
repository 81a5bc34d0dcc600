/**
 * Text PostgreSQL cannot store: a NUL character (refused by `text`, and by `jsonb` as \u0000) or an
 * unpaired UTF-16 surrogate (not Unicode at all). Input holding either is refused with a 400 before it
 * reaches the database. Runtime-agnostic (Node and Deno).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isStorableText(s: string): boolean {
  return !s.includes("\u0000") && !LONE_SURROGATE.test(s);
}

/** Where in a parsed JSON value such text sits (string or key), as a dotted path ("" for the value itself), or null. */
export function invalidTextAt(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (depth > 64 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return p;
    const bad = invalidTextAt(v, p, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}
