import type { SiteConfig } from "@/lib/site-config";

/** Data of the root route, available to every page and to meta functions. */
export interface RootData {
  site: SiteConfig;
  /** Absolute origin for canonical URLs and share cards. */
  origin: string;
  supabase: { url: string | null; anonKey: string };
}
