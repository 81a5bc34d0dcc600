/**
 * The mail worker's translations: the same Lingui catalogs as the site (locales/{ar,en}/messages.po),
 * read at start-up and compiled in memory, so a message's Arabic is whatever the catalog says today.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import gettextParser from "gettext-parser";

export type MailLocale = "ar" | "en";
const root = fileURLToPath(new URL("../../", import.meta.url));

export function loadMailI18n(locale: MailLocale, poPath = `${root}locales/${locale}/messages.po`): I18n {
  const po = gettextParser.po.parse(readFileSync(poPath));
  const messages: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [context, entries] of Object.entries(po.translations)) {
    for (const entry of Object.values(entries)) {
      if (!entry.msgid) continue;
      const translation = entry.msgstr?.[0] || (locale === "en" ? entry.msgid : "");
      if (!translation) continue;
      messages[generateMessageId(entry.msgid, context || undefined)] = compileMessage(translation);
    }
  }
  return setupI18n({ locale, messages: { [locale]: messages } });
}
