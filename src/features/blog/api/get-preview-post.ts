/** The post a preview link opens (docs/admin-posts.md#preview): draft or not, by the link's token. */
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { BlogPost } from "./get-published-post-by-slug";

/** Tokens are 64 lower-case hex digits (256 bits); anything else is not a token. */
export const isPlausiblePreviewToken = (token: string | undefined): token is string => !!token && /^[0-9a-f]{64}$/.test(token);

/** The post of a live preview token, or null (unknown, expired or revoked). Throws when the call fails. */
export async function getPreviewPost(client: SupabaseClient<Database>, token: string): Promise<(BlogPost & { published: boolean }) | null> {
  if (!isPlausiblePreviewToken(token)) return null;
  const { data, error } = await client.rpc("preview_post", { p_token: token });
  if (error) throw new Error(`Failed to load the preview: ${error.message}`);
  const rows = (data ?? []) as (BlogPost & { published: boolean })[];
  return rows[0] ?? null;
}
