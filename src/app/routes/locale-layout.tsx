import { Outlet } from "react-router";
import { loadI18n } from "@/lib/i18n/catalogs";
import { localeFromPath } from "@/lib/i18n/locale";
import type { Route } from "./+types/locale-layout";

/**
 * The language boundary. Moving between /… and /en/… changes this route's match, so its client
 * loader runs and fetches the other language's catalog before the new page renders.
 */
/** Nothing to load on the server (both catalogs are there); its presence keeps the page server-rendered. */
export function loader() {
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await loadI18n(localeFromPath(new URL(request.url).pathname));
  return null;
}

export default function LocaleLayout() {
  return <Outlet />;
}
