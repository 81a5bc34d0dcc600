import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { type BookingSettings, loadBookingSettings } from "@/lib/booking/booking-slots-client";
import { DEFAULT_AVAILABILITY, addDays, dateInZone } from "@/lib/booking/availability";
import { getSupabase } from "@/lib/supabase/client";
import { type AgendaEntry, AgendaChangeError, cancelBooking, rescheduleBooking } from "../api/agenda";
import { CancelBookingDialog } from "./cancel-booking-dialog";
import { RescheduleDialog } from "./reschedule-dialog";

/**
 * The reschedule and cancel dialogs of a demo, wired to the database: used by the agenda and by the lead.
 * `reschedule(row)` / `cancel(row)` open them; `dialogs` is rendered beside the list; `onDone` gets the
 * line to announce once the change is stored (the dialogs are closed by then).
 */
export function useBookingActions(onDone: (notice: string) => void) {
  const [moving, setMoving] = useState<AgendaEntry | null>(null);
  const [cancelling, setCancelling] = useState<AgendaEntry | null>(null);
  const close = () => {
    setMoving(null);
    setCancelling(null);
  };
  const dialogs = (
    <BookingActions
      moving={moving}
      cancelling={cancelling}
      onClose={close}
      onDone={(notice) => {
        close();
        onDone(notice);
      }}
    />
  );
  return { reschedule: setMoving, cancel: setCancelling, dialogs };
}

/** `moving` / `cancelling` open the dialogs; `onDone` gets the line to announce once the change is stored. */
function BookingActions({
  moving,
  cancelling,
  onClose,
  onDone,
}: {
  moving: AgendaEntry | null;
  cancelling: AgendaEntry | null;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useLingui();
  const [settings, setSettings] = useState<Pick<BookingSettings, "timeZone" | "firstDay"> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const timeZone = cancelling?.market_time_zone ?? moving?.market_time_zone ?? settings?.timeZone ?? DEFAULT_AVAILABILITY.timeZone;
  const nameOf = (r: AgendaEntry) => r.full_name || r.email || "";

  useEffect(() => {
    if (!moving || settings) return;
    let live = true;
    void loadBookingSettings()
      .catch(() => ({
        timeZone: DEFAULT_AVAILABILITY.timeZone,
        firstDay: addDays(dateInZone(new Date(), DEFAULT_AVAILABILITY.timeZone), 1),
      }))
      .then((s) => live && setSettings(s));
    return () => {
      live = false;
    };
  }, [moving, settings]);

  useEffect(() => setError(null), [moving, cancelling]);

  return (
    <>
      <CancelBookingDialog
        row={cancelling}
        timeZone={timeZone}
        busy={busy}
        error={error}
        onClose={onClose}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          setBusy(true);
          setError(null);
          try {
            await cancelBooking(await getSupabase(), cancelling.id, reason);
            onDone(t`Demo with ${nameOf(cancelling)} cancelled. They have been emailed.`);
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
        onClose={onClose}
        onConfirm={async (startsAt) => {
          if (!moving) return;
          setBusy(true);
          setError(null);
          try {
            await rescheduleBooking(await getSupabase(), moving.id, startsAt);
            onDone(t`Demo with ${nameOf(moving)} moved. They have been emailed the new time.`);
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
