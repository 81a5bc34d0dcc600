/** What the Node server hands to every loader (see server/app.ts). */
export interface ServerContext {
  /** Supabase URL for server-side calls (the embedded API, reached in-process, or hosted Supabase). */
  supabaseUrl: string;
  /** Supabase URL for browsers: null means "same origin as the page". */
  publicSupabaseUrl: string | null;
  anonKey: string;
  /** The site's canonical origin: PUBLIC_URL, else the address the server listens on. Never a request's Host. */
  publicUrl: string | null;
  /** The fetch supabase-js uses on the server: the embedded API in-process; absent for hosted Supabase. */
  fetch?: typeof fetch;
  /** The environment, with PUBLIC_URL set to the canonical origin. */
  env: Record<string, string | undefined>;
}

declare module "react-router" {
  interface AppLoadContext {
    server?: ServerContext;
  }
}
