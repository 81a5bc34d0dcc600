/**
 * The two parts of each catalog (scripts/vite-plugin-lingui-scopes.ts): together exactly the whole
 * compiled catalog (same ids, same compiled messages as Lingui's own), with no message in both, and
 * every message of a public file in the public part.
 */
import { readFileSync } from "node:fs";
import gettextParser from "gettext-parser";
import { describe, expect, it } from "vitest";
import { adminOnlyFile } from "../../../scripts/vite-plugin-lingui-scopes";
import { messages as arAll } from "../../../locales/ar/messages.po";
import { messages as arAdmin } from "../../../locales/ar/messages.po?scope=admin";
import { messages as arPublic } from "../../../locales/ar/messages.po?scope=public";
import { messages as enAll } from "../../../locales/en/messages.po";
import { messages as enAdmin } from "../../../locales/en/messages.po?scope=admin";
import { messages as enPublic } from "../../../locales/en/messages.po?scope=public";

const parts = { ar: [arAll, arPublic, arAdmin], en: [enAll, enPublic, enAdmin] } as const;

describe.each(Object.entries(parts))("the %s catalog's parts", (locale, [all, pub, admin]) => {
  it("add up to the whole catalog, with no message in both", () => {
    expect(Object.keys(pub).filter((id) => id in admin)).toEqual([]);
    expect({ ...pub, ...admin }).toEqual(all);
    expect(Object.keys(admin).length).toBeGreaterThan(0);
  });

  it("put every message a public file uses in the public part", () => {
    const po = gettextParser.po.parse(readFileSync(`locales/${locale}/messages.po`));
    const publicTexts = Object.values(po.translations)
      .flatMap((entries) => Object.values(entries))
      .filter((e) => e.msgid && !(e.comments?.reference ?? "").split(/\s+/).filter(Boolean).every(adminOnlyFile));
    expect(publicTexts.length).toBe(Object.keys(pub).length);
  });
});

it("counts the admin's and the server's files as admin-only, the rest as public", () => {
  expect(adminOnlyFile("src/features/admin-posts/components/posts-table.tsx")).toBe(true);
  expect(adminOnlyFile("src/features/auth/components/login-form.tsx")).toBe(true);
  expect(adminOnlyFile("src/app/routes/admin-layout.tsx")).toBe(true);
  expect(adminOnlyFile("src/lib/mail/templates.ts")).toBe(true);
  expect(adminOnlyFile("src/features/blog/components/article-view.tsx")).toBe(false);
  expect(adminOnlyFile("src/app/routes/site-layout.tsx")).toBe(false);
  expect(adminOnlyFile("src/components/layout/footer.tsx")).toBe(false);
});
