/** What the Node server hands to every loader (see server/app.ts). */
export interface ServerContext {
  /** Supabase URL for server-side calls (the embedded API on loopback, or hosted Supabase). */
  supabaseUrl: string;
  /** Supabase URL for browsers: null means "same origin as the page". */
  publicSupabaseUrl: string | null;
  anonKey: string;
  /** The site's public origin when configured (PUBLIC_URL), else null. */
  publicUrl: string | null;
  env: Record<string, string | undefined>;
}

declare module "react-router" {
  interface AppLoadContext {
    server?: ServerContext;
  }
}
