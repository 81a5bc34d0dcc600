/**
 * Path tests that every page of the browser needs: kept apart from ./derive.ts so that a bundle using only
 * these takes ADMIN_BASE from the table and leaves the table itself out.
 */
import { stripLocale } from "../i18n/locale.ts";
import { ADMIN_BASE } from "./table.ts";

/**
 * Whether a path (with or without its language prefix) is one of the admin's pages: they load the admin
 * catalog (src/lib/i18n/catalogs.ts) and hydrate without waiting for the first paint (entry.server.tsx).
 */
export const isAdminPath = (pathname: string): boolean => {
  const bare = stripLocale(pathname);
  return bare === ADMIN_BASE || bare.startsWith(`${ADMIN_BASE}/`);
};
