import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";

/** A member's own leads: all of them (spam left out, as the inbox lists them), the new ones, the overdue ones. */
export interface MyLeads {
  all: number;
  fresh: number;
  overdue: number;
}

/** Counts of the leads `userId` owns (RLS: owners and sales people), three exact counts without rows. */
export async function loadMyLeads(supabase: SupabaseClient<Database>, userId: string): Promise<MyLeads> {
  const mine = () => supabase.from("lead_inbox").select("id", { count: "exact", head: true }).eq("owner_id", userId).eq("kind", "lead");
  const [all, fresh, overdue] = await Promise.all([mine().neq("status", "spam"), mine().eq("status", "new"), mine().eq("overdue", true)]);
  for (const r of [all, fresh, overdue]) if (r.error) throw new Error(r.error.message);
  return { all: all.count ?? 0, fresh: fresh.count ?? 0, overdue: overdue.count ?? 0 };
}
