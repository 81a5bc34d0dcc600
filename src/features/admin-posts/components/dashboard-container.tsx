import { type ReactNode, useEffect, useState } from "react";
import { getSupabase } from "@/lib/supabase/client";
import { countPosts } from "../api/count-posts";
import { listPosts } from "../api/list-posts";
import type { AdminPostSummary } from "../schemas/post";
import { Dashboard, type PostCounts } from "./dashboard";

/** Loads the head counts and the five most recent posts for the dashboard. */
export function DashboardContainer({ email, extra }: { email: string; extra?: ReactNode }) {
  const [counts, setCounts] = useState<PostCounts | null>(null);
  const [recent, setRecent] = useState<AdminPostSummary[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const sb = await getSupabase();
        // One instant for the three counts, so a post going live meanwhile is counted once.
        const now = new Date().toISOString();
        const [total, published, scheduled, drafts, latest] = await Promise.all([
          countPosts(sb),
          countPosts(sb, { status: "published", now }),
          countPosts(sb, { status: "scheduled", now }),
          countPosts(sb, { status: "draft", now }),
          listPosts(sb, { limit: 5 }),
        ]);
        if (!live) return;
        setCounts({ total, published, scheduled, drafts });
        setRecent(latest);
      } catch (error) {
        console.error(error);
        if (live) {
          setFailed(true);
          setRecent([]);
        }
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  return <Dashboard email={email} counts={counts} recent={recent} failed={failed} extra={extra} />;
}
