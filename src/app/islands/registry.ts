/**
 * Every island a public page can have, by name: the code the browser loads to hydrate it. The name is
 * what the server writes on the island's element (`data-island`), so it is the contract between the
 * server render (island.tsx) and the browser's island loader (entry.ts / runtime.tsx).
 */
import type { ComponentType } from "react";

const islandLoaders = {
  "sales-lead-form": () => import("@/features/leads/components/sales-lead-form").then((m) => m.SalesLeadForm),
  benefits: () => import("@/features/landing/components/benefits").then((m) => m.Benefits),
  "crm-integrations": () => import("@/features/landing/components/crm-integrations").then((m) => m.CrmIntegrations),
  "blog-teaser": () => import("@/features/landing/components/blog-teaser").then((m) => m.BlogTeaser),
  faq: () => import("@/features/landing/components/faq").then((m) => m.Faq),
  newsletter: () => import("@/features/newsletter/components/newsletter-form").then((m) => m.NewsletterForm),
  demo: () => import("@/features/demo/components/demo-page").then((m) => m.DemoPage),
  "article-booking": () => import("./article-booking").then((m) => m.ArticleBooking),
  "demo-booking": () => import("./demo-booking").then((m) => m.DemoBooking),
  outbox: () => import("./outbox").then((m) => m.Outbox),
  "booking-manage": () => import("@/features/booking/components/booking-manage").then((m) => m.BookingManage),
};

export type IslandName = keyof typeof islandLoaders;
type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> = IslandComponent<N> extends ComponentType<infer P> ? P & object : never;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(islandLoaders, name);

/**
 * An island's component, for rendering it with props read back from the page (JSON): they were checked
 * against the component where they were written, by `island()`'s type.
 */
export function loadIsland(name: IslandName): Promise<ComponentType<Record<string, unknown>>> {
  return islandLoaders[name]() as Promise<ComponentType<Record<string, unknown>>>;
}

/** The typed loader of one island (`island()`). */
export function islandLoader<N extends IslandName>(name: N): () => Promise<ComponentType<IslandProps<N>>> {
  return islandLoaders[name] as () => Promise<ComponentType<IslandProps<N>>>;
}
