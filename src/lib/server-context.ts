/**
 * The contract between the Node server and the app: what the server hands to every loader. It lives in
 * lib/ so the server can name it without reaching into the app (src/app/load-context.ts registers it
 * with React Router).
 */
import type { FormEcho } from "./forms/visitor-forms.ts";

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
  /**
   * When the next scheduled post goes live (epoch ms), null when none is; absent when the server cannot
   * watch the database (hosted Supabase). Feeds and sitemaps cap their Cache-Control with it.
   */
  nextPublishAt?: () => number | null;
  /**
   * A visitor form's post made without JavaScript, as the server judged it (server/site/form-post.ts): the page
   * is rendered with the form's values and errors. Only on that one response, never stored.
   */
  formEcho?: FormEcho;
  /** The environment, with PUBLIC_URL set to the canonical origin. */
  env: Record<string, string | undefined>;
}
