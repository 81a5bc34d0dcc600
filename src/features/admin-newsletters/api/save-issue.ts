import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

export interface IssueDraft {
  language: "ar" | "en";
  subject: string;
  preheader: string;
  body_text: string;
  /** Sanitised (src/lib/sanitize.ts) by the caller. */
  body_html: string;
  source_post_id: string | null;
}

/** Creates a draft (no id) or changes one; answers its id. Only drafts can be changed (RLS). */
export async function saveIssue(supabase: SupabaseClient<Database>, id: string | null, draft: IssueDraft): Promise<string> {
  if (id) {
    const { data, error } = await supabase.from("newsletter_issues").update(draft).eq("id", id).select("id");
    if (error) throw new Error(error.message);
    if (!data?.length) throw new Error("This issue is no longer a draft");
    return id;
  }
  const { data, error } = await supabase.from("newsletter_issues").insert(draft).select("id").single();
  if (error) throw new Error(error.message);
  return data.id;
}

export async function deleteIssue(supabase: SupabaseClient<Database>, id: string): Promise<void> {
  const { error } = await supabase.from("newsletter_issues").delete().eq("id", id);
  if (error) throw new Error(error.message);
}
