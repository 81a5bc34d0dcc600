import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

export interface IssueWebVersion {
  id: string;
  language: "ar" | "en";
  subject: string;
  preheader: string;
  /** As stored: sanitise before rendering. */
  body_html: string;
  sent_at: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A sent newsletter issue, as anyone may read it; null when there is none (or it is not sent). */
export async function getIssueWebVersion(supabase: SupabaseClient<Database>, id: string): Promise<IssueWebVersion | null> {
  if (!UUID.test(id)) return null;
  const { data, error } = await supabase.rpc("newsletter_web_version", { p_id: id });
  if (error) throw new Error(error.message);
  const row = data?.[0];
  if (!row) return null;
  return { ...row, language: row.language === "en" ? "en" : "ar" };
}
