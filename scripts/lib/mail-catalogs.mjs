/**
 * Compiles a Lingui catalog (locales/<locale>/messages.po) into the messages Lingui's `i18n` takes, for
 * the server's mail and no-JavaScript form messages. Run by the build (scripts/build-mail.mjs), so the
 * production server only reads JSON; a checkout without a fresh build (development, tests) calls it from
 * server/mail/i18n.ts. Never imported by the production server's own modules.
 */
import { readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import gettextParser from "gettext-parser";

/** The compiled messages of one catalog, keyed by Lingui's message id. English falls back to the source text. */
export function compileCatalog(poPath, locale) {
  const po = gettextParser.po.parse(readFileSync(poPath));
  const messages = {};
  for (const [context, entries] of Object.entries(po.translations)) {
    for (const entry of Object.values(entries)) {
      if (!entry.msgid) continue;
      const translation = entry.msgstr?.[0] || (locale === "en" ? entry.msgid : "");
      if (!translation) continue;
      messages[generateMessageId(entry.msgid, context || undefined)] = compileMessage(translation);
    }
  }
  return messages;
}
