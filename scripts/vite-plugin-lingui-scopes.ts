/**
 * Two compiled catalogs per language (issue 17): `locales/<lang>/messages.po?scope=public` holds every
 * message that some public file uses, `?scope=admin` the rest (messages used only by the admin, its sign-in
 * pages and the server's mail). Public pages load only the first; `src/lib/i18n/catalogs.ts` adds the
 * second on admin pages. A message's files are its `#:` references in the .po (written by
 * `node scripts/i18n.mjs`). The plain `messages.po` import (tests, the server) stays the whole catalog.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createCompiledCatalog } from "@lingui/cli/api";
import gettextParser from "gettext-parser";
import type { Plugin } from "vite";

const SCOPED = /[\\/]locales[\\/]([a-z]+)[\\/]messages\.po\?scope=(public|admin)$/;

/** Files whose messages only the admin (or the server) shows. */
export const adminOnlyFile = (file: string) =>
  /^src\/features\/(admin-[^/]+|auth)\//.test(file) || /^src\/app\/routes\/admin-/.test(file) || /^src\/lib\/mail\//.test(file);

/** Lingui's id of a message without an explicit id (`@lingui/message-utils`' generateMessageId). */
const messageId = (msgid: string, context: string) =>
  createHash("sha256")
    .update(msgid + "\u001F" + context)
    .digest("base64")
    .slice(0, 6);

/** The messages of one scope of a .po file, by id: its translation, or the source text where there is none. */
function scopedMessages(poFile: string, scope: "public" | "admin"): Record<string, string> {
  const po = gettextParser.po.parse(readFileSync(poFile));
  const messages: Record<string, string> = {};
  for (const [context, entries] of Object.entries(po.translations)) {
    for (const [msgid, entry] of Object.entries(entries)) {
      if (!msgid) continue;
      const files = (entry.comments?.reference ?? "").split(/\s+/).filter(Boolean);
      const admin = files.length > 0 && files.every(adminOnlyFile);
      if (admin === (scope === "admin")) messages[messageId(msgid, context)] = entry.msgstr[0] || msgid;
    }
  }
  return messages;
}

export function linguiScopes(): Plugin {
  return {
    name: "lingui-catalog-scopes",
    transform(_src, id) {
      const match = SCOPED.exec(id);
      if (!match) return;
      const file = id.split("?")[0]!;
      this.addWatchFile(file);
      const { source, errors } = createCompiledCatalog(match[1]!, scopedMessages(file, match[2] as "public" | "admin"), {
        namespace: "es",
      });
      if (errors.length) throw new Error(`${file}: ${errors.length} messages do not compile`);
      return { code: source, map: null, moduleType: "js" };
    },
  };
}
