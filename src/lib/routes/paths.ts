/**
 * The admin-path test every page of the browser needs (which catalog to load), apart from the route table
 * (./table.ts) so that the public pages' bundle does not carry the table.
 */
import { stripLocale } from "../i18n/locale.ts";

/** Where the admin lives (after the language prefix): the table's `admin` entries are at or under it. */
export const ADMIN_BASE = "/admin";

/**
 * Whether a path (with or without its language prefix) is one of the admin's pages: they load the admin
 * catalog (src/lib/i18n/catalogs.ts) and hydrate without waiting for the first paint (entry.server.tsx).
 */
export const isAdminPath = (pathname: string): boolean => {
  const bare = stripLocale(pathname);
  return bare === ADMIN_BASE || bare.startsWith(`${ADMIN_BASE}/`);
};
