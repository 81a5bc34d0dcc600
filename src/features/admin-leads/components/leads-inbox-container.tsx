import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { fromPromise } from "xstate";
import { useListPaging } from "@/components/data/paged-list-card";
import { downloadText } from "@/lib/csv";
import { getSupabase } from "@/lib/supabase/client";
import { LEADS_PAGE_SIZE, listAllLeads, listLeadsPage } from "../api/list-leads";
import { type LeadOwner, listLeadOwners } from "../api/list-lead-owners";
import type { LeadType } from "../lib/leads";
import { isFiltered, leadQueryFromSearch, leadQueryToSearch } from "../lib/pipeline";
import { leadsInboxMachine } from "../machines/leads-inbox.machine";
import { LeadDetailContainer } from "./lead-detail-container";
import { useChannelLabel, useLeadCountry, useLeadStatusLabel, useLeadTypeLabel } from "./lead-labels";
import { leadsToCsv } from "./leads-csv";
import { LeadsInbox } from "./leads-inbox";

/** The leads inbox screen: the list (its query lives in the address) and the lead opened from it (?lead=<id>). */
const fetchOwners = async () => listLeadOwners(await getSupabase());

export function LeadsInboxContainer({
  logic,
  loadOwners = fetchOwners,
  renderBooking,
}: {
  logic?: typeof leadsInboxMachine;
  /** The team members leads can be given to (stories pass a fixed list). */
  loadOwners?: () => Promise<LeadOwner[]>;
  /** The open lead's demos, composed by the route (see LeadDetailContainer). */
  renderBooking?: (leadId: string, onChanged: () => void) => ReactNode;
}) {
  const { t } = useLingui();
  const typeLabel = useLeadTypeLabel();
  const statusLabel = useLeadStatusLabel();
  const leadCountry = useLeadCountry();
  const channelLabel = useChannelLabel();
  const [owners, setOwners] = useState<LeadOwner[]>([]);
  const ownersRef = useRef(owners);
  ownersRef.current = owners;
  const provided = useMemo(
    () =>
      leadsInboxMachine.provide({
        actors: {
          loadLeads: fromPromise(async ({ input }) => listLeadsPage(await getSupabase(), input)),
          loadAllLeads: fromPromise(async ({ input }) => listAllLeads(await getSupabase(), input)),
        },
        actions: {
          exportCsv: (_, { rows, query }) => {
            const emails = new Map(ownersRef.current.map((o) => [o.user_id, o.email]));
            const csv = leadsToCsv(rows, {
              headers: [
                t`Status`,
                t`Overdue`,
                t({ message: "Owner", context: "lead owner" }),
                t`Full name`,
                t`Email`,
                t`Phone`,
                t`Company`,
                t`Country`,
                t`City`,
                t`Forms`,
                t`First page`,
                t`Submissions`,
                // Office time with its offset ("2026-11-24 10:15 +04:00"), see leadsToCsv.
                t`Arrived (Dubai time)`,
                t`Last activity (Dubai time)`,
                t`Language`,
                t`Original channel`,
                t`Original source`,
                t`Original medium`,
                t`Original campaign`,
                t`Referring site`,
                t`Landing page`,
                t`Latest channel`,
                t`Latest source`,
                t`Latest medium`,
                t`Latest campaign`,
              ],
              status: statusLabel,
              type: (type) => typeLabel(type as LeadType),
              owner: (id) => (id ? (emails.get(id) ?? id) : ""),
              country: leadCountry,
              channel: channelLabel,
              yes: t`Yes`,
              no: t`No`,
            });
            const today = new Date().toISOString().slice(0, 10);
            downloadText(`leads-${query.status || "open"}-${today}.csv`, csv);
          },
        },
      }),
    [t, typeLabel, statusLabel, leadCountry, channelLabel],
  );
  const location = useLocation();
  const actor = useActorRef(logic ?? provided, { input: { query: leadQueryFromSearch(location.search) } });
  const snap = useSelector(actor, (s) => s);
  const { query, rows, total, exportError } = snap.context;
  // While the search waits for a pause in typing, the current rows stay on screen.
  const status =
    snap.matches("loading") || (snap.matches("typing") && rows.length === 0) ? "loading" : snap.matches("failed") ? "failed" : "ready";
  const [openId, setOpenId] = useState<string | null>(() => new URLSearchParams(location.search).get("lead"));

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const list = await loadOwners();
        if (live) setOwners(list);
      } catch (error) {
        console.error(error);
      }
    })();
    return () => {
      live = false;
    };
  }, [loadOwners]);

  const changePage = useCallback((n: number) => actor.send({ type: "page.change", page: n }), [actor]);
  const paging = useListPaging({
    total,
    page: query.page,
    pageSize: LEADS_PAGE_SIZE,
    loaded: snap.matches("ready"),
    shown: rows.length,
    hrefFor: (n) => `${location.pathname}${leadQueryToSearch({ ...query, page: n })}`,
    onPageChange: changePage,
  });

  // The query and the open lead live in the address, so a reload or a shared link shows the same list.
  const search = leadQueryToSearch(query);
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (openId) params.set("lead", openId);
    const s = params.toString();
    const url = `${window.location.pathname}${s ? `?${s}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [search, openId]);

  // A navigation to this screen with another address (a dashboard link, back/forward): follow it.
  const routerSearch = location.search;
  const firstSearch = useRef(routerSearch);
  useEffect(() => {
    if (routerSearch === firstSearch.current) return;
    firstSearch.current = routerSearch;
    actor.send({ type: "query.replace", query: leadQueryFromSearch(routerSearch) });
    setOpenId(new URLSearchParams(routerSearch).get("lead"));
  }, [routerSearch, actor]);

  return (
    <>
      <LeadsInbox
        status={status}
        leads={rows}
        paging={paging}
        exporting={snap.matches("exporting")}
        exportError={exportError}
        filtered={isFiltered(query)}
        query={query}
        owners={owners}
        onQueryChange={(q) => actor.send({ type: "query.change", query: q })}
        onSearchChange={(value) => actor.send({ type: "search.change", value })}
        onOpen={setOpenId}
        onExport={() => actor.send({ type: "leads.export" })}
        onRetry={() => actor.send({ type: "leads.retry" })}
      />
      {openId ? (
        <LeadDetailContainer
          key={openId}
          id={openId}
          owners={owners}
          onChanged={() => actor.send({ type: "leads.reload" })}
          onClose={() => {
            setOpenId(null);
            // The dialog leaves with its lead: focus goes back to the row's "Open" (when the row is still listed).
            const id = openId;
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-lead-open="${CSS.escape(id)}"]`)?.focus());
          }}
          renderBooking={renderBooking}
        />
      ) : null}
    </>
  );
}
