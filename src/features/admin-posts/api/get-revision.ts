import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AdminPost } from "../schemas/post";
import { fail } from "./postgrest-error";

/** One revision's stored row (the post as it was saved then). */
export async function getRevision(supabase: SupabaseClient<Database>, revisionId: string): Promise<AdminPost> {
  const { data, error, status } = await supabase.from("post_revisions").select("snapshot").eq("id", revisionId).single();
  if (error) fail(error, status);
  return data.snapshot as unknown as AdminPost;
}
