/**
 * Where the browser's Supabase client points. Hosted Supabase when VITE_SUPABASE_URL /
 * VITE_SUPABASE_ANON_KEY are set at build time; otherwise the embedded API of the server that served
 * the page (same origin), whose anon key arrives with the page (root loader).
 */
interface SupabaseConfig {
  /** null = same origin as the page. */
  url: string | null;
  anonKey: string;
}

let current: SupabaseConfig = {
  url: import.meta.env.VITE_SUPABASE_URL ?? null,
  anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY ?? "",
};

export function configureSupabase(config: SupabaseConfig) {
  if (import.meta.env.VITE_SUPABASE_URL) return; // build-time configuration wins
  if (config.anonKey) current = config;
}

export function supabaseConfig(): { url: string; anonKey: string } {
  const url = current.url ?? (typeof window !== "undefined" ? window.location.origin : "");
  return { url, anonKey: current.anonKey };
}
