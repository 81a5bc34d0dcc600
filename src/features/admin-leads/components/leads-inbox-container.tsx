import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { fromPromise } from "xstate";
import { useListPaging } from "@/components/data/paged-list-card";
import { downloadText } from "@/lib/csv";
import { getSupabase } from "@/lib/supabase/client";
import { bulkUpdateLeads } from "../api/bulk-update-leads";
import { LEADS_PAGE_SIZE, listAllLeads, listLeadsPage } from "../api/list-leads";
import { type SavedView, deleteView, listSavedViews, saveView } from "../api/saved-views";
import { type LeadOwner, listLeadOwners } from "../api/list-lead-owners";
import type { LeadType } from "../lib/leads";
import { isFiltered, leadQueryFromSearch, leadQueryToSearch, viewQueryOf } from "../lib/pipeline";
import { leadsBulkMachine } from "../machines/leads-bulk.machine";
import { leadsInboxMachine } from "../machines/leads-inbox.machine";
import { LeadDetailContainer } from "./lead-detail-container";
import { useLeadCountry, useLeadStatusLabel, useLeadTypeLabel } from "./lead-labels";
import { useChannelLabel } from "@/lib/attribution/channel-label";
import { leadsToCsv } from "./leads-csv";
import { LeadsInbox } from "./leads-inbox";

/** The leads inbox screen: the list (its query lives in the address) and the lead opened from it (?lead=<id>). */
const fetchOwners = async () => listLeadOwners(await getSupabase());

/** The member's saved views, read and changed through the browser's client (stories pass their own). */
interface SavedViewsApi {
  list: () => Promise<SavedView[]>;
  save: (name: string, query: string) => Promise<SavedView>;
  remove: (id: string) => Promise<void>;
}
const savedViewsApi: SavedViewsApi = {
  list: async () => listSavedViews(await getSupabase()),
  save: async (name, query) => saveView(await getSupabase(), name, query),
  remove: async (id) => deleteView(await getSupabase(), id),
};

export function LeadsInboxContainer({
  logic,
  bulkLogic,
  loadOwners = fetchOwners,
  viewsApi = savedViewsApi,
  me,
  renderBooking,
}: {
  logic?: typeof leadsInboxMachine;
  /** The bulk actions' machine with its effect provided (stories pass one with a fake). */
  bulkLogic?: typeof leadsBulkMachine;
  viewsApi?: SavedViewsApi;
  /** The signed-in member (who may edit which notes). */
  me?: { id: string; role: string | null };
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
  const bulkProvided = useMemo(
    () =>
      leadsBulkMachine.provide({
        actors: { applyBulk: fromPromise(async ({ input }) => bulkUpdateLeads(await getSupabase(), input.ids, input.change)) },
      }),
    [],
  );
  const bulkActor = useActorRef((bulkLogic ?? bulkProvided).provide({ actions: { changed: () => actor.send({ type: "leads.reload" }) } }));
  const bulkSnap = useSelector(bulkActor, (s) => s);
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
  // Another page or other filters: what was selected is no longer on screen.
  useEffect(() => {
    bulkActor.send({ type: "select.clear" });
  }, [search, bulkActor]);

  const [views, setViews] = useState<SavedView[]>([]);
  const [viewsSaving, setViewsSaving] = useState(false);
  const [viewsError, setViewsError] = useState<"duplicate" | "failed" | null>(null);
  const [viewsSaved, setViewsSaved] = useState(0);
  useEffect(() => {
    let live = true;
    viewsApi.list().then(
      (list) => live && setViews(list),
      (error: unknown) => {
        console.error(error);
        if (live) setViewsError("failed");
      },
    );
    return () => {
      live = false;
    };
  }, [viewsApi]);
  const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name);
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
        bulk={{
          selected: bulkSnap.context.selected,
          saving: bulkSnap.matches("saving"),
          result: bulkSnap.context.result,
          error: bulkSnap.context.error,
          onToggle: (id) => bulkActor.send({ type: "select.toggle", id }),
          onTogglePage: (ids, selected) => bulkActor.send({ type: "select.page", ids, selected }),
          onApply: (change) => bulkActor.send({ type: "bulk.apply", change }),
          onClear: () => bulkActor.send({ type: "select.clear" }),
        }}
        views={{
          list: views,
          current: viewQueryOf(query),
          saving: viewsSaving,
          error: viewsError,
          saved: viewsSaved,
          onApply: (view) => actor.send({ type: "query.replace", query: leadQueryFromSearch(view.query) }),
          onSave: (name) => {
            setViewsSaving(true);
            setViewsError(null);
            viewsApi.save(name, viewQueryOf(query)).then(
              (view) => {
                setViews((list) => [...list, view].sort(byName));
                setViewsSaved((n) => n + 1);
                setViewsSaving(false);
              },
              (error: unknown) => {
                setViewsError((error as { code?: string }).code === "23505" ? "duplicate" : "failed");
                setViewsSaving(false);
              },
            );
          },
          onDelete: (view) => {
            setViewsError(null);
            viewsApi.remove(view.id).then(
              () => setViews((list) => list.filter((v) => v.id !== view.id)),
              () => setViewsError("failed"),
            );
          },
        }}
      />
      {openId ? (
        <LeadDetailContainer
          key={openId}
          id={openId}
          owners={owners}
          me={me}
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
