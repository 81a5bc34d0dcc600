import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { getSupabase } from "@/lib/supabase/client";
import { useLocale } from "@/lib/i18n/locale-context";
import { useLoad } from "@/lib/use-load";
import { audienceOf, cancelIssue, scheduleIssue, sendTest } from "../api/issue-actions";
import { type IssueEntry, listIssues } from "../api/list-issues";
import { listPublishedPosts } from "../api/list-posts";
import { type IssueDraft, deleteIssue, saveIssue } from "../api/save-issue";
import type { SourcePost } from "../lib/compose";
import { type ComposerBusy, NewsletterComposer } from "./newsletter-composer";
import { NewslettersAdmin } from "./newsletters-admin";

type Notify = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;

/** Admin → Newsletter: the list of issues and the composer, wired to the database (RLS: owners and editors). */
export function NewslettersAdminContainer({ notify }: { notify: Notify }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const [issues, setIssues] = useState<IssueEntry[]>([]);
  /** The issue open in the composer: its id, "new", or null for the list. */
  const [open, setOpen] = useState<string | null>(null);
  const [language, setLanguage] = useState<"ar" | "en">(locale);
  const [posts, setPosts] = useState<SourcePost[] | null>(null);
  const [audience, setAudience] = useState<number | null>(null);
  const [busy, setBusy] = useState<ComposerBusy>(null);
  const [error, setError] = useState<string | null>(null);

  const { status, load } = useLoad(
    useCallback(async () => {
      setIssues(await listIssues(await getSupabase()));
    }, []),
  );

  // Posts and the audience of the composer's language.
  useEffect(() => {
    if (open === null) return;
    let live = true;
    setPosts(null);
    setAudience(null);
    void getSupabase().then(async (sb) => {
      const [p, a] = await Promise.allSettled([listPublishedPosts(sb, language), audienceOf(sb, language)]);
      if (!live) return;
      setPosts(p.status === "fulfilled" ? p.value : []);
      setAudience(a.status === "fulfilled" ? a.value : 0);
    });
    return () => {
      live = false;
    };
  }, [open, language]);

  const issue = open && open !== "new" ? (issues.find((i) => i.id === open) ?? null) : null;

  const openIssue = (id: string | null) => {
    setError(null);
    setOpen(id);
    const i = id && id !== "new" ? issues.find((x) => x.id === id) : null;
    setLanguage(i ? (i.language === "en" ? "en" : "ar") : locale);
  };

  /** Runs one action of the composer; saves the draft first when one is given. */
  const run = async (kind: Exclude<ComposerBusy, null>, draft: IssueDraft | null, action: (id: string) => Promise<string | void>) => {
    setBusy(kind);
    setError(null);
    try {
      const sb = await getSupabase();
      const id = draft ? await saveIssue(sb, issue?.id ?? null, draft) : issue!.id;
      const message = await action(id);
      await load();
      setOpen(kind === "deleting" || kind === "sending" ? null : id);
      if (message) notify({ type: "success", title: message });
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      setError(t`That did not work: ${text}`);
      notify({ type: "error", title: t`That did not work`, description: text });
    } finally {
      setBusy(null);
    }
  };

  if (open === null) {
    return (
      <NewslettersAdmin status={status} issues={issues} onNew={() => openIssue("new")} onOpen={openIssue} onReload={() => void load()} />
    );
  }
  return (
    <NewsletterComposer
      key={open}
      issue={issue}
      posts={posts}
      audience={audience}
      busy={busy}
      error={error}
      onLanguage={setLanguage}
      onBack={() => openIssue(null)}
      onSave={(d) => void run("saving", d, async () => t`Draft saved`)}
      onSendTest={(d) =>
        void run("testing", d, async (id) => {
          const to = await sendTest(await getSupabase(), id);
          return t`Test sent to ${to}`;
        })
      }
      onSend={(d, at) =>
        void run("sending", d, async (id) => {
          const n = await scheduleIssue(await getSupabase(), id, at);
          return at ? t`Issue scheduled` : n > 0 ? t`Sending has started` : t`Nobody to send to yet`;
        })
      }
      onCancelIssue={() =>
        void run("cancelling", null, async (id) => {
          await cancelIssue(await getSupabase(), id);
          return t`Issue cancelled`;
        })
      }
      onDelete={() =>
        void run("deleting", null, async (id) => {
          await deleteIssue(await getSupabase(), id);
          return t`Draft deleted`;
        })
      }
    />
  );
}
