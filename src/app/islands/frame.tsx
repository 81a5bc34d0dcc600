/**
 * What every island renders inside, on the server (its own render, entry.server.tsx) and in the browser
 * (its own root, runtime.tsx), so that both produce the same markup: the app's providers for the page's
 * language and site, and the page's path. Also the page's island configuration, which the server writes
 * into the page (root.tsx) for the browser to read.
 */
import { type ReactNode, createContext, useMemo } from "react";
import { PageNavigationProvider } from "@/components/navigation";
import { AppProviders } from "@/components/providers/app-providers";
import type { Locale } from "@/lib/i18n/locale";
import type { SiteConfig } from "@/lib/site-config";
import type { IslandName } from "./registry";

/** When an island's code is fetched in the browser (entry.ts). */
export type IslandWhen = "idle" | "visible" | "touched" | "outbox";

export interface IslandConfig {
  locale: Locale;
  pathname: string;
  site: SiteConfig;
  supabase: { url: string | null; anonKey: string };
}

interface IslandEntry {
  /** React's `useId()` of the island's place in the page: stable across re-renders of the page. */
  id: string;
  name: IslandName;
  props: object;
}

/**
 * Collects the islands of one server-rendered page (and the page's configuration, written by the root
 * layout). Present only while the server renders a page in islands mode; `island()` renders a
 * placeholder for each, and entry.server.tsx renders each island on its own and puts it in place.
 */
export class IslandCollector {
  readonly entries = new Map<string, IslandEntry>();
  config: IslandConfig | null = null;
  readonly script: { file: string; imports: string[] };
  constructor(script: { file: string; imports: string[] }) {
    this.script = script;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Element id of the page's island configuration (JSON). */
export const ISLAND_CONFIG_ID = "island-config";
/** The comment the page carries where an island's own render goes. */
const MARK = "island:";
export const islandMarker = (id: string) => `<!--${MARK}${id}-->`;
/** `identifierPrefix` of an island's root: the server's and the browser's `useId()` values must agree. */
export const islandIdPrefix = (id: string) => `i${id.replace(/[^\w]/g, "")}-`;

export function IslandFrame({ config, children }: { config: IslandConfig; children: ReactNode }) {
  const navigation = useMemo(() => ({ pathname: config.pathname }), [config.pathname]);
  return (
    <AppProviders locale={config.locale} site={config.site}>
      <PageNavigationProvider value={navigation}>{children}</PageNavigationProvider>
    </AppProviders>
  );
}
