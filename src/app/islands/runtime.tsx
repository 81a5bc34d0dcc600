/**
 * What hydrating an island takes, loaded by entry.ts with the page's first island (or the first "Book a
 * Demo" click): React, the design system, the page's language catalog and Emotion's cache (told which
 * styles the server already wrote, so none is inserted again). Each island hydrates on its own root,
 * inside the same frame the server rendered it in (frame.tsx), with the same `useId` prefix.
 */
import { CacheProvider } from "@emotion/react";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { DemoDialogProvider, useDemoDialog } from "@/features/booking/components/demo-dialog-context";
import { loadI18n } from "@/lib/i18n/catalogs";
import { createAppCache } from "@/lib/ssr-styles/emotion-cache";
import { adoptServerStyles } from "@/lib/ssr-styles/ssr-styles";
import { configureSupabase } from "@/lib/supabase/config";
import { ISLAND_CONFIG_ID, type IslandConfig, IslandFrame, islandIdPrefix } from "./frame";
import { isIslandName, loadIsland } from "./registry";

function readConfig(): IslandConfig {
  const text = document.getElementById(ISLAND_CONFIG_ID)?.textContent;
  if (!text) throw new Error(`islands: the page has no #${ISLAND_CONFIG_ID}`);
  return JSON.parse(text) as IslandConfig;
}

const config = readConfig();
configureSupabase(config.supabase);
const cache = createAppCache();
adoptServerStyles(cache.inserted);
const i18nReady = loadI18n(config.locale);

function inFrame(children: ReactNode) {
  return (
    <StrictMode>
      <CacheProvider value={cache}>
        <IslandFrame config={config}>{children}</IslandFrame>
      </CacheProvider>
    </StrictMode>
  );
}

/** Marks the island's element once its root has committed (`data-hydrated`: tests and styles can tell). */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => el.setAttribute("data-hydrated", ""), [el]);
  return children;
}

/** Hydrates one island element the server wrote (`data-island`, `data-island-id`, `data-props`). */
export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? "";
  const id = el.dataset.islandId;
  if (!isIslandName(name) || id === undefined) throw new Error(`islands: unknown island "${name}"`);
  const props: object = JSON.parse(el.dataset.props ?? "{}");
  const [Island] = await Promise.all([loadIsland(name), i18nReady]);
  startTransition(() => {
    hydrateRoot(
      el,
      inFrame(
        <Hydrated el={el}>
          <Island {...props} />
        </Hydrated>,
      ),
      { identifierPrefix: islandIdPrefix(id) },
    );
  });
}

let demo: Promise<() => void> | undefined;

/** The demo booking dialog has no server HTML: its host is rendered into a new element the first time it is asked for. */
function demoDialog(): Promise<() => void> {
  demo ??= i18nReady.then(
    () =>
      new Promise((resolve) => {
        function Opener() {
          const { open } = useDemoDialog();
          useEffect(() => resolve(open), [open]);
          return null;
        }
        const host = document.createElement("div");
        document.body.append(host);
        createRoot(host, { identifierPrefix: "demo-" }).render(
          inFrame(
            <DemoDialogProvider>
              <Opener />
            </DemoDialogProvider>,
          ),
        );
      }),
  );
  return demo;
}

export async function openDemoDialog(): Promise<void> {
  (await demoDialog())();
}

export function preloadDemoDialog(): void {
  void demoDialog();
  void import("@/features/booking/components/demo-booking-dialog");
}
