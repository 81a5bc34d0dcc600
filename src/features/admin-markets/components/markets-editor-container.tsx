import { useLingui } from "@lingui/react/macro";
import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useState } from "react";
import type { Database } from "@/lib/database.types";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { type MarketRecord, listMarkets, saveMarket } from "../api/markets";
import { type MarketDraft, draftOf, emptyDraft, recordOf } from "../lib/market-form";
import { MarketsEditor } from "./markets-editor";

type Notify = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;

/**
 * Wires Admin → Markets to public.markets (RLS: owners change it). A few independent calls, plain state
 * like Admin → Team. A saved calendar applies at once: the booking functions read it on every request.
 */
export function MarketsEditorContainer({
  notify,
  client = getSupabase,
}: {
  notify: Notify;
  client?: () => Promise<SupabaseClient<Database>>;
}) {
  const { t } = useLingui();
  const [markets, setMarkets] = useState<MarketRecord[]>([]);
  const [draft, setDraft] = useState<MarketDraft | null>(null);
  const [isNew, setIsNew] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { status, load } = useLoad(
    useCallback(async () => {
      setMarkets(await listMarkets(await client()));
    }, [client]),
  );
  return (
    <MarketsEditor
      status={status}
      markets={markets}
      draft={draft}
      isNew={isNew}
      saving={saving}
      error={error}
      onRetry={() => void load()}
      onEdit={(id) => {
        const m = markets.find((x) => x.id === id);
        if (!m) return;
        setError(null);
        setIsNew(false);
        setDraft(draftOf(m));
      }}
      onAdd={() => {
        setError(null);
        setIsNew(true);
        setDraft(emptyDraft(Math.max(0, ...markets.map((m) => m.position)) + 1));
      }}
      onChange={setDraft}
      onCancel={() => setDraft(null)}
      onSave={async () => {
        if (!draft) return;
        setSaving(true);
        setError(null);
        try {
          await saveMarket(await client(), recordOf(draft), isNew);
          const name = draft.nameEn;
          notify({ type: "success", title: t`The calendar of ${name} is saved.` });
          setDraft(null);
          await load();
        } catch (e) {
          setError(t`The calendar could not be saved: ${String((e as Error).message ?? e)}`);
        } finally {
          setSaving(false);
        }
      }}
    />
  );
}
