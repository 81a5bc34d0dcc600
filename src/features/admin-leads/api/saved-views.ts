import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, Tables } from "@/lib/database.types";

/** A member's named inbox filters (public.lead_saved_views: each member sees only their own). */
export type SavedView = Pick<Tables<"lead_saved_views">, "id" | "name" | "query">;

/** The signed-in member's saved views, by name. */
export async function listSavedViews(supabase: SupabaseClient<Database>): Promise<SavedView[]> {
  const { data, error } = await supabase.from("lead_saved_views").select("id,name,query").order("name").limit(100);
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** Save the inbox's query (its address query without page and lead) under a name, as the signed-in member. */
export async function saveView(supabase: SupabaseClient<Database>, name: string, query: string): Promise<SavedView> {
  const { data, error } = await supabase.from("lead_saved_views").insert({ name, query }).select("id,name,query").single();
  // 23505: this member already has a view of that name.
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return data;
}

export async function deleteView(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error } = await supabase.from("lead_saved_views").delete().eq("id", id);
  if (error) throw new Error(error.message);
}
