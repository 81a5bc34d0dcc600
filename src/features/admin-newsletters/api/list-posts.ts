import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { SourcePost } from "../lib/compose";

/** Published posts in one language, newest first: what an issue can be made from. */
export async function listPublishedPosts(supabase: SupabaseClient<Database>, language: "ar" | "en"): Promise<SourcePost[]> {
  const { data, error } = await supabase
    .from("blog_posts")
    .select("id, title, slug, language, excerpt, content")
    .eq("language", language)
    .eq("published", true)
    .lte("published_at", new Date().toISOString())
    .order("published_at", { ascending: false })
    .limit(50);
  if (error) throw new Error(error.message);
  return (data ?? []).map((p) => ({ ...p, language: p.language === "en" ? "en" : "ar" }));
}
