/**
 * A search term as an `ilike` "contains" pattern for a PostgREST `or=(...)` tree, matched by the
 * database exactly as typed, so the rows shown and their count agree: LIKE's own `%`, `_` and `\`
 * are escaped. An unquoted value in a logic tree ends at `,` or `)`, and PostgREST turns every `*`
 * into `%`; those characters (and `(` and `"`, which the embedded server's tree parser reads as
 * grouping) become `_`, "any one character": a search containing them matches that character or any
 * other in its place, and the count is the count of exactly those matches.
 */
export function searchPattern(term: string): string {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[,()"*]/g, "_");
  return `*${escaped}*`;
}
