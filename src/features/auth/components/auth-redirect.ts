import { localizePath, type Locale } from "@/lib/i18n/locale";

const ADMIN_PATH = /^\/(?:en\/)?admin(?:\/|$|\?|#)/;

/** The login page URL that brings the user back to `from` after signing in. */
export function loginPathFor(from: string, locale: Locale): string {
  const login = localizePath("/admin/login", locale);
  return from && ADMIN_PATH.test(from) && !from.startsWith(localizePath("/admin/login", locale))
    ? `${login}?next=${encodeURIComponent(from)}`
    : login;
}

/** Where to go after signing in: the page asked for when it is an admin page, else the dashboard. */
export function afterLoginPath(next: string | null, locale: Locale): string {
  if (next && ADMIN_PATH.test(next) && !next.startsWith("//") && !/\/admin\/login/.test(next)) return next;
  return localizePath("/admin", locale);
}
