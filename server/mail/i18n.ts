/**
 * The mail worker's and the no-JavaScript forms' translations: the site's Lingui catalogs
 * (locales/{ar,en}/messages.po), compiled by the build into build/mail/messages.<locale>.json
 * (scripts/build-mail.mjs), so the production server parses no catalog. A checkout whose build is missing
 * or older than its catalog (tests, development) compiles the catalog when first asked, with the build's
 * own compiler. In production (NODE_ENV=production) the build is always used, whatever the files' times
 * (copies, images and deploy tools do not keep them), and a missing build is an error: the production
 * dependencies hold no catalog compiler.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { type I18n, type Messages, setupI18n } from "@lingui/core";

export type MailLocale = "ar" | "en";
const root = fileURLToPath(new URL("../../", import.meta.url));

function compiled(locale: MailLocale): Messages {
  const json = `${root}build/mail/messages.${locale}.json`;
  const po = `${root}locales/${locale}/messages.po`;
  const production = process.env.NODE_ENV === "production";
  if (existsSync(json) && (production || !existsSync(po) || statSync(json).mtimeMs >= statSync(po).mtimeMs)) {
    return JSON.parse(readFileSync(json, "utf8")) as Messages;
  }
  if (production) throw new Error(`mail: ${json} is missing: run \`npm run build\` before starting in production`);
  // Development and tests only: the image and `npm start` always have a fresh build.
  const compiler = createRequire(import.meta.url)("../../scripts/lib/mail-catalogs.mjs") as {
    compileCatalog(poPath: string, locale: string): Messages;
  };
  return compiler.compileCatalog(po, locale);
}

export function loadMailI18n(locale: MailLocale): I18n {
  return setupI18n({ locale, messages: { [locale]: compiled(locale) } });
}
