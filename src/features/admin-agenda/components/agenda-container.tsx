import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { getSupabase } from "@/lib/supabase/client";
import { useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import { useLoad } from "@/lib/use-load";
import { type AgendaEntry, listAgendaPage } from "../api/agenda";
import { type AgendaQuery, agendaPageQuery, agendaQueryFromSearch, agendaQueryToSearch } from "../lib/agenda-query";
import { AgendaView } from "./agenda-view";
import { useBookingActions } from "./booking-actions";

/** Wires Admin → Agenda to the database (RLS: owners and sales); its query lives in the address. */
export function AgendaContainer() {
  const timeZone = useStaffTimeZone();
  const location = useLocation();
  const [query, setQuery] = useState<AgendaQuery>(() => agendaQueryFromSearch(location.search, new Date(), timeZone));
  const [rows, setRows] = useState<AgendaEntry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const { status, load } = useLoad(
    useCallback(async () => {
      setRows(await listAgendaPage(await getSupabase(), agendaPageQuery(query, new Date(), timeZone)));
    }, [query, timeZone]),
  );

  const actions = useBookingActions((text) => {
    setNotice(text);
    void load();
  });

  const search = agendaQueryToSearch(query);
  useEffect(() => {
    const url = `${window.location.pathname}${search}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [search]);

  // A navigation to this screen with another address: follow it.
  const routerSearch = location.search;
  const firstSearch = useRef(routerSearch);
  useEffect(() => {
    if (routerSearch === firstSearch.current) return;
    firstSearch.current = routerSearch;
    setQuery(agendaQueryFromSearch(routerSearch, new Date(), timeZone));
  }, [routerSearch, timeZone]);

  return (
    <>
      <AgendaView
        status={status}
        query={query}
        rows={rows}
        timeZone={timeZone}
        notice={notice}
        onQueryChange={setQuery}
        onReload={() => void load()}
        onCancel={actions.cancel}
        onReschedule={actions.reschedule}
      />
      {actions.dialogs}
    </>
  );
}
