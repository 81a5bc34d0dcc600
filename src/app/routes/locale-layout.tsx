import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { isAdminPath, loadI18n } from "@/lib/i18n/catalogs";
import { localeFromPath } from "@/lib/i18n/locale";
import type { Route } from "./+types/locale-layout";

/**
 * The language boundary. Moving between /… and /en/… changes this route's match, so its client
 * loader runs and fetches the other language's catalog before the new page renders (with its admin part on
 * admin pages: src/lib/i18n/catalogs.ts).
 */
/** Nothing to load on the server (both catalogs are there); its presence keeps the page server-rendered. */
export function loader() {
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  await loadI18n(localeFromPath(pathname), { admin: isAdminPath(pathname) });
  return null;
}

/** Entering the admin also runs the client loader: it adds the catalog's admin part. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || (isAdminPath(nextUrl.pathname) && !isAdminPath(currentUrl.pathname));
}

export default function LocaleLayout() {
  return <Outlet />;
}
