import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { fail } from "./postgrest-error";

export async function deletePost(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error, status } = await supabase.from("blog_posts").delete().eq("id", id);
  if (error) fail(error, status);
}
