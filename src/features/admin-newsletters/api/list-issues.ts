import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database, NewsletterIssue } from "@/lib/database.types";

interface IssueFigures {
  recipients: number;
  sent: number;
  failed: number;
  waiting: number;
  unsubscribed: number;
}

export type IssueEntry = NewsletterIssue & { figures: IssueFigures | null };

/** Issues, newest first, with their figures (sent, failed, waiting, unsubscribed after it). */
export async function listIssues(supabase: SupabaseClient<Database>): Promise<IssueEntry[]> {
  const [issues, figures] = await Promise.all([
    supabase.from("newsletter_issues").select("*").order("created_at", { ascending: false }).limit(200),
    supabase.rpc("newsletter_issue_figures"),
  ]);
  if (issues.error) throw new Error(issues.error.message);
  if (figures.error) throw new Error(figures.error.message);
  const byIssue = new Map((figures.data ?? []).map((f) => [f.issue_id, f]));
  return (issues.data ?? []).map((i) => {
    const f = byIssue.get(i.id);
    return {
      ...i,
      figures: f ? { recipients: f.recipients, sent: f.sent, failed: f.failed, waiting: f.waiting, unsubscribed: f.unsubscribed } : null,
    };
  });
}
