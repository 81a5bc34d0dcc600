import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { fromPromise } from "xstate";
import { downloadText } from "@/lib/csv";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { LEADS_PAGE_SIZE, listAllSubmissions, listSubmissionsPage } from "../api/list-submissions";
import { leadsInboxMachine } from "../machines/leads-inbox.machine";
import { LeadDetailDialog } from "./lead-detail-dialog";
import { useLeadTypeLabel } from "./lead-labels";
import { leadsToCsv } from "./leads-csv";
import { LeadsInbox } from "./leads-inbox";

export function LeadsInboxContainer({ logic }: { logic?: typeof leadsInboxMachine }) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const typeLabel = useLeadTypeLabel();
  const provided = useMemo(
    () =>
      leadsInboxMachine.provide({
        actors: {
          loadLeads: fromPromise(async ({ input }) => listSubmissionsPage(await getSupabase(), input)),
          loadAllLeads: fromPromise(async ({ input }) => listAllSubmissions(await getSupabase(), input)),
        },
        actions: {
          exportCsv: (_, { rows, filters }) => {
            const headers = [
              t`Received (UTC)`,
              t`Type`,
              t`Full name`,
              t`Email`,
              t`Phone`,
              t`Company`,
              t`Country`,
              t`City`,
              t`Demo date`,
              t`Demo time`,
              t`Demo time (visitor's time zone)`,
              t`Demo time (Dubai)`,
              t`Preferred call time`,
              t`Interested in Enterprise`,
              t`Page`,
              t`Language`,
              t`Time zone`,
              t`Submission ID`,
            ];
            const today = new Date().toISOString().slice(0, 10);
            const name = `leads-${filters.type === "all" ? "all" : filters.type}-${today}.csv`;
            downloadText(name, leadsToCsv(rows, headers, typeLabel, intl));
          },
        },
      }),
    [t, typeLabel, intl],
  );
  const location = useLocation();
  const initialPage = Number(new URLSearchParams(location.search).get("page")) || 1;
  const actor = useActorRef(logic ?? provided, { input: { page: initialPage } });
  const snap = useSelector(actor, (s) => s);
  const { filters, search, rows, openId, total, page, exportError } = snap.context;
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const status = snap.matches("loading") ? "loading" : snap.matches("failed") ? "failed" : "ready";
  // A page past the end (leads deleted meanwhile): show the last one.
  useEffect(() => {
    if (snap.matches("ready") && rows.length === 0 && total > 0 && page > pageCount) actor.send({ type: "page.change", page: pageCount });
  }, [snap, rows.length, total, page, pageCount, actor]);
  // The page lives in the address too, so a reload or a shared link opens the same page.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (page > 1) url.searchParams.set("page", String(page));
    else url.searchParams.delete("page");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [page]);
  const hrefFor = (n: number) => `${location.pathname}${n > 1 ? `?page=${n}` : ""}`;
  // The sales notification links to one lead (?lead=<id>): open it once the list is in.
  const linked = new URLSearchParams(location.search).get("lead");
  const openedLinked = useRef(false);
  useEffect(() => {
    if (!linked || openedLinked.current || status !== "ready") return;
    openedLinked.current = true;
    if (rows.some((r) => r.id === linked)) actor.send({ type: "lead.open", id: linked });
  }, [linked, status, rows, actor]);
  const filtered = filters.type !== "all" || Boolean(filters.from) || Boolean(filters.to) || search.trim() !== "";

  return (
    <>
      <LeadsInbox
        status={status}
        leads={rows}
        total={total}
        page={page}
        pageCount={pageCount}
        pageSize={LEADS_PAGE_SIZE}
        hrefFor={hrefFor}
        onPageChange={(n) => actor.send({ type: "page.change", page: n })}
        exporting={snap.matches("exporting")}
        exportError={exportError}
        filtered={filtered}
        filters={filters}
        search={search}
        onFiltersChange={(f) => actor.send({ type: "filters.change", filters: f })}
        onSearchChange={(value) => actor.send({ type: "search.change", value })}
        onOpen={(id) => actor.send({ type: "lead.open", id })}
        onExport={() => actor.send({ type: "leads.export" })}
        onRetry={() => actor.send({ type: "leads.retry" })}
      />
      <LeadDetailDialog lead={rows.find((r) => r.id === openId) ?? null} onClose={() => actor.send({ type: "lead.close" })} />
    </>
  );
}
