import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { downloadText } from "@/lib/csv";
import type { MailAttempt, NewsletterSubscriber } from "@/lib/database.types";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { erasePersonalData } from "../api/erase-personal-data";
import { listAttempts } from "../api/list-attempts";
import { type OutboxEntry, listOutbox } from "../api/list-outbox";
import { listSubscribers } from "../api/list-subscribers";
import { retryMail } from "../api/retry-mail";
import { MailAdmin } from "./mail-admin";
import { MailMessageDialog } from "./mail-message-dialog";
import { confirmedSubscribersCsv } from "./subscribers-csv";

/** Wires Admin → Mail to the database (RLS: administrators only). */
export function MailAdminContainer() {
  const { t } = useLingui();
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);
  const [subscribers, setSubscribers] = useState<NewsletterSubscriber[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [attempts, setAttempts] = useState<MailAttempt[] | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  const { status, load } = useLoad(
    useCallback(async () => {
      const sb = await getSupabase();
      const [o, s] = await Promise.all([listOutbox(sb), listSubscribers(sb)]);
      setOutbox(o);
      setSubscribers(s);
    }, []),
  );

  useEffect(() => {
    if (!openId) return;
    let live = true;
    setAttempts(null);
    void getSupabase()
      .then((sb) => listAttempts(sb, openId))
      .then((a) => live && setAttempts(a))
      .catch(() => live && setAttempts([]));
    return () => {
      live = false;
    };
  }, [openId]);

  const retry = async (id: string) => {
    setRetrying(id);
    try {
      await retryMail(await getSupabase(), id);
      setOpenId(null);
      await load();
    } finally {
      setRetrying(null);
    }
  };

  return (
    <>
      <MailAdmin
        status={status}
        outbox={outbox}
        subscribers={subscribers}
        retrying={retrying}
        onOpen={setOpenId}
        onRetry={(id) => void retry(id)}
        onReload={() => void load()}
        onExport={() => {
          const headers = [t`Email`, t`Language`, t`Confirmed (UTC)`, t`Consent given (UTC)`, t`Consent version`, t`Page`];
          downloadText(`newsletter-confirmed-${new Date().toISOString().slice(0, 10)}.csv`, confirmedSubscribersCsv(subscribers, headers));
        }}
        onErase={async (email) => {
          const result = await erasePersonalData(await getSupabase(), email);
          void load();
          return result;
        }}
      />
      <MailMessageDialog
        entry={outbox.find((m) => m.id === openId) ?? null}
        attempts={attempts}
        onClose={() => setOpenId(null)}
        onRetry={(id) => void retry(id)}
      />
    </>
  );
}
