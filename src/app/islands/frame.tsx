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

/** The islands loader's file and the files it imports (scripts/vite-plugin-islands.ts). */
interface IslandsScript {
  file: string;
  imports: string[];
}

/** An island rendered on its own (its HTML, and whether something in it failed to render). */
interface RenderedIsland {
  html: string;
  failed: boolean;
}

/** How the server renders one island on its own: entry.server.tsx. */
export type IslandRenderer = (island: { id: string; name: IslandName; props: object; config: IslandConfig }) => Promise<RenderedIsland>;

/**
 * The islands of one server-rendered page (and the page's configuration, written by the root layout).
 * Present only while the server renders a page in islands mode. `island()` asks it for each island's
 * own render (`html`), started when the page's render reaches the island, and writes the result inside
 * the island's element: no second pass over the page's HTML.
 */
export class IslandCollector {
  config: IslandConfig | null = null;
  /** Whether an island failed to render (the page is answered with 500, not stored). */
  failed = false;
  readonly script: IslandsScript;
  private readonly render: IslandRenderer;
  private readonly rendered = new Map<string, Promise<string>>();
  constructor(script: IslandsScript, render: IslandRenderer) {
    this.script = script;
    this.render = render;
  }

  /** The island's server HTML; the same promise for the same id (React retries a render that waited on it). */
  html(id: string, name: IslandName, props: object): Promise<string> {
    let html = this.rendered.get(id);
    if (!html) {
      const config = this.config;
      if (!config) throw new Error("islands mode: the root layout did not record the page's configuration");
      html = this.render({ id, name, props, config }).then(
        (out) => {
          if (out.failed) this.failed = true;
          return out.html;
        },
        (error: unknown) => {
          // One broken island must not take the page down: its element stays empty (it renders in the browser).
          console.error(`island ${name} failed to render`, error);
          this.failed = true;
          return "";
        },
      );
      this.rendered.set(id, html);
    }
    return html;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** Element id of the page's island configuration (JSON). */
export const ISLAND_CONFIG_ID = "island-config";
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
