import { useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { type BookingSettings, loadBookingSettings } from "@/lib/booking/booking-slots-client";
import { DEFAULT_AVAILABILITY, addDays, dateInZone } from "@/lib/booking/availability";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { type AgendaRow, AgendaChangeError, cancelBooking, listAgenda, rescheduleBooking } from "../api/agenda";
import { agendaRange, splitAgenda } from "../lib/agenda-range";
import { AgendaView } from "./agenda-view";
import { CancelBookingDialog } from "./cancel-booking-dialog";
import { RescheduleDialog } from "./reschedule-dialog";

/** Wires Admin → Agenda to the database (RLS: owners and sales). */
export function AgendaContainer() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<Pick<BookingSettings, "timeZone" | "firstDay"> | null>(null);
  const [rows, setRows] = useState<{ today: AgendaRow[]; week: AgendaRow[] }>({ today: [], week: [] });
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<AgendaRow | null>(null);
  const [moving, setMoving] = useState<AgendaRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const { status, load } = useLoad(
    useCallback(async () => {
      const s = await loadBookingSettings().catch(() => {
        const timeZone = DEFAULT_AVAILABILITY.timeZone;
        return { timeZone, firstDay: addDays(dateInZone(new Date(), timeZone), 1) };
      });
      setSettings(s);
      const range = agendaRange(new Date(), s.timeZone);
      const list = await listAgenda(await getSupabase(), range.todayStart, range.weekEnd);
      setRows(splitAgenda(list, range));
    }, []),
  );

  const timeZone = settings?.timeZone ?? DEFAULT_AVAILABILITY.timeZone;
  const nameOf = (r: AgendaRow) => r.full_name || r.email || "";

  return (
    <>
      <AgendaView
        status={status}
        today={rows.today}
        week={rows.week}
        timeZone={timeZone}
        notice={notice}
        onReload={() => void load()}
        onCancel={(r) => {
          setError(null);
          setCancelling(r);
        }}
        onReschedule={(r) => {
          setError(null);
          setMoving(r);
        }}
      />
      <CancelBookingDialog
        row={cancelling}
        timeZone={timeZone}
        busy={busy}
        error={error}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          setBusy(true);
          setError(null);
          try {
            await cancelBooking(await getSupabase(), cancelling.id, reason);
            setNotice(t`Demo with ${nameOf(cancelling)} cancelled. They have been emailed.`);
            setCancelling(null);
            await load();
          } catch {
            setError(t`The demo could not be cancelled. Please try again.`);
          } finally {
            setBusy(false);
          }
        }}
      />
      <RescheduleDialog
        row={moving}
        firstDay={settings?.firstDay ?? addDays(dateInZone(new Date(), timeZone), 1)}
        busy={busy}
        error={error}
        reloadKey={reloadKey}
        onClose={() => setMoving(null)}
        onConfirm={async (startsAt) => {
          if (!moving) return;
          setBusy(true);
          setError(null);
          try {
            await rescheduleBooking(await getSupabase(), moving.id, startsAt);
            setNotice(t`Demo with ${nameOf(moving)} moved. They have been emailed the new time.`);
            setMoving(null);
            await load();
          } catch (e) {
            if (e instanceof AgendaChangeError && e.reason === "slot_taken") {
              setError(t`That time was booked a moment ago. Please choose another one.`);
              setReloadKey((k) => k + 1);
            } else {
              setError(t`The demo could not be moved. Please try again.`);
            }
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}
