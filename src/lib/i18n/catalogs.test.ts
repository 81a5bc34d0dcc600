import { readFileSync } from "node:fs";
import gettextParser from "gettext-parser";
import { describe, expect, it } from "vitest";

/** Every message must exist in both catalogs, translated, with the same placeholders. */
const load = (locale: string) => {
  const po = gettextParser.po.parse(readFileSync(`locales/${locale}/messages.po`));
  return Object.values(po.translations[""] ?? {}).filter((e) => e.msgid);
};

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?:,|\})|<(\d+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe("translation catalogs", () => {
  const ar = load("ar");
  const en = load("en");

  it("have the same messages", () => {
    expect(ar.map((e) => e.msgid).sort()).toEqual(en.map((e) => e.msgid).sort());
    expect(ar.length).toBeGreaterThan(0);
  });

  it("translate every message into Arabic", () => {
    const missing = ar.filter((e) => !e.msgstr?.[0]?.trim()).map((e) => e.msgid);
    expect(missing, "messages without Arabic: run `node scripts/i18n.mjs missing ar`").toEqual([]);
  });

  it("write numbers in Western digits in Arabic, as every page and email does (one digit system)", () => {
    const eastern = ar.filter((e) => /[\u0660-\u0669\u06F0-\u06F9]/.test(e.msgstr?.join(" ") ?? "")).map((e) => e.msgstr[0]);
    expect(eastern, "Arabic messages with Arabic-Indic digits: write 0-9").toEqual([]);
  });

  it("have English for every message", () => {
    const missing = en.filter((e) => !e.msgstr?.[0]?.trim()).map((e) => e.msgid);
    expect(missing).toEqual([]);
  });

  it("keep placeholders and tags in translations", () => {
    const broken = ar
      .filter((e) => e.msgstr?.[0])
      .filter((e) => {
        const src = placeholders(e.msgid);
        const tr = placeholders(e.msgstr[0] ?? "");
        // Plurals may repeat the variable in each branch; compare the sets.
        return JSON.stringify([...new Set(src)]) !== JSON.stringify([...new Set(tr)]);
      })
      .map((e) => `${e.msgid} → ${e.msgstr[0]}`);
    expect(broken).toEqual([]);
  });

  it("use Arabic script in Arabic translations", () => {
    const notArabic = ar
      .filter((e) => /[A-Za-z]{3}/.test(e.msgid.replace(/\{[^}]*\}|<\/?\d+>/g, "")))
      .filter((e) => !/[\u0600-\u06FF]/.test(e.msgstr?.[0] ?? ""))
      .map((e) => e.msgid)
      .filter((id) => !/^[\w.+-]+@[\w.-]+$/.test(id)); // e-mail placeholders stay Latin
    expect(notArabic).toEqual([]);
  });
});
