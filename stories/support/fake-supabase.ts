/**
 * A real supabase-js client whose `fetch` answers in memory: admin page stories run their real
 * containers (and the real API helpers) against sample data, with no server and no casts. The handler
 * sees each request as PostgREST or Edge Functions would (method, path under /rest/v1 or
 * /functions/v1, query, JSON body) and returns a status and a JSON body.
 */
import { type SupabaseClient, createClient } from "@supabase/supabase-js";

export interface FakeRequest {
  method: string;
  /** "/rest/v1/rpc/team_members", "/functions/v1/team-invite", … */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeAnswer = { status?: number; body?: unknown };

const tick = () => new Promise((resolve) => setTimeout(resolve, 100));

export function fakeSupabase(handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): SupabaseClient {
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const raw = init?.body;
    const body = typeof raw === "string" && raw ? JSON.parse(raw) : null;
    await tick();
    const { status = 200, body: answer = null } = await handle({ method, path: url.pathname, query: url.searchParams, body });
    return new Response(status === 204 ? null : JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } });
  };
  return createClient("http://supabase.storybook.invalid", "storybook-anon-key", {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fakeFetch },
  });
}
