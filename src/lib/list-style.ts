/**
 * The numbering styles a post's numbered list may keep (docs/admin-posts.md#paste): what Word, Google Docs
 * and web pages write for lettered and Roman lists, and Word's Arabic letter lists (أ. ب. ت. in alphabetical
 * order, أ. ب. ج. in abjad order). Stored as `style="list-style-type: …"` on the `<ol>`, the only style the
 * sanitiser keeps; the two Arabic letter styles are `@counter-style` rules of the article (`ARTICLE_COUNTER_STYLES`).
 */
const LIST_STYLE_TYPES = [
  "decimal",
  "lower-alpha",
  "upper-alpha",
  "lower-roman",
  "upper-roman",
  "arabic-indic",
  "arabic-alpha",
  "arabic-abjad",
] as const;
export type ListStyleType = (typeof LIST_STYLE_TYPES)[number];

const ALIASES: Record<string, ListStyleType> = { "lower-latin": "lower-alpha", "upper-latin": "upper-alpha" };

/** The list style of a `style` attribute's `list-style-type` (or `list-style`), when it is one of ours. */
export function listStyleOf(style: string | null | undefined): ListStyleType | null {
  const m = /(?:^|;)\s*list-style(?:-type)?\s*:\s*([a-z-]+)/i.exec(style ?? "");
  if (!m) return null;
  const value = m[1]!.toLowerCase();
  if (ALIASES[value]) return ALIASES[value];
  return (LIST_STYLE_TYPES as readonly string[]).includes(value) ? (value as ListStyleType) : null;
}

/** The `<ol type>` of HTML as a list style. */
export function listStyleOfType(type: string | null | undefined): ListStyleType | null {
  return ({ a: "lower-alpha", A: "upper-alpha", i: "lower-roman", I: "upper-roman", "1": "decimal" } as const)[type ?? ""] ?? null;
}

const ARABIC_ALPHA = "أ ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن هـ و ي";
const ARABIC_ABJAD = "أ ب ج د هـ و ز ح ط ي ك ل م ن س ع ف ص ق ر ش ت ث خ ذ ض ظ غ";
const counterStyle = (name: string, letters: string) =>
  `@counter-style ${name}{system:alphabetic;symbols:${letters
    .split(" ")
    .map((l) => `"${l}"`)
    .join(" ")};suffix:". ";fallback:arabic-indic}`;

/** The article's Arabic letter numbering (no browser has it built in). */
export const ARTICLE_COUNTER_STYLES = counterStyle("arabic-alpha", ARABIC_ALPHA) + counterStyle("arabic-abjad", ARABIC_ABJAD);
