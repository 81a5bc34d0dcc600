import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { fail } from "./postgrest-error";

/** A post's preview link as listed (the token itself is only known when the link is made). */
export interface PreviewLink {
  id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  created_by_email: string | null;
}

/** How long a new link lives, in days (the database allows up to 30). */
const PREVIEW_LINK_DAYS = 7;

/** Lower-case hex: the site's addresses are lower case (the server lowercases paths), so the token is too. */
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/**
 * Makes a preview link (docs/admin-posts.md#preview): a random 256-bit token, of which only the SHA-256 is
 * stored. Returns the link and its token (shown once).
 */
export async function createPreviewLink(
  supabase: SupabaseClient<Database>,
  postId: string,
  { days = PREVIEW_LINK_DAYS, now = Date.now() }: { days?: number; now?: number } = {},
): Promise<{ link: PreviewLink; token: string }> {
  const token = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const { data: user } = await supabase.auth.getUser();
  const { data, error, status } = await supabase
    .from("post_preview_links")
    .insert({
      post_id: postId,
      token_hash: await sha256Hex(token),
      expires_at: new Date(now + days * 86_400_000).toISOString(),
      created_by: user.user?.id,
    })
    .select("id, created_at, expires_at, revoked_at, created_by_email")
    .single();
  if (error) fail(error, status);
  return { link: data, token };
}

/** A post's preview links, newest first. */
export async function listPreviewLinks(supabase: SupabaseClient<Database>, postId: string): Promise<PreviewLink[]> {
  const { data, error, status } = await supabase
    .from("post_preview_links")
    .select("id, created_at, expires_at, revoked_at, created_by_email")
    .eq("post_id", postId)
    .order("created_at", { ascending: false })
    .limit(20);
  if (error) fail(error, status);
  return data ?? [];
}

/** Revokes a link: it stops opening the preview at once. */
export async function revokePreviewLink(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error, status } = await supabase.from("post_preview_links").update({ revoked_at: new Date().toISOString() }).eq("id", id);
  if (error) fail(error, status);
}
