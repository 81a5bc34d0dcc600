import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { DaySlotPicker } from "@/components/forms/day-slot-picker";
import { type LoadDaySlots, loadDaySlots } from "@/lib/booking/booking-slots-client";
import { useDaySlots } from "@/lib/booking/use-day-slots";
import type { AgendaRow } from "../api/agenda";

interface RescheduleDialogProps {
  /** The booking to move; null closes the dialog. */
  row: AgendaRow | null;
  /** The first day that can be booked (YYYY-MM-DD, business clock). */
  firstDay: string;
  busy?: boolean;
  error?: string | null;
  /** Bumped by the container after a refused change, so the free slots are read again. */
  reloadKey?: number;
  loadSlots?: LoadDaySlots;
  /** The booking's market (its calendar's open slots are the only ones offered); the row's own by default. */
  market?: string;
  onClose: () => void;
  onConfirm: (startsAt: string) => void;
}

/** Moves a demo to another free slot of its market; the visitor is emailed the new time with an updated invitation. */
export function RescheduleDialog({
  row,
  firstDay,
  busy = false,
  error,
  reloadKey = 0,
  loadSlots = loadDaySlots,
  market: marketProp,
  onClose,
  onConfirm,
}: RescheduleDialogProps) {
  // Only open slots of the booking's market are offered (docs/markets.md); the database refuses any other.
  const market = marketProp ?? (row as { market_id?: string } | null)?.market_id ?? undefined;
  const { t } = useLingui();
  const [date, setDate] = useState(firstDay);
  const [start, setStart] = useState("");
  useEffect(() => {
    setDate(firstDay);
    setStart("");
  }, [row?.id, firstDay]);
  const { state, reload } = useDaySlots(row ? date : "", loadSlots, market);
  useEffect(() => {
    if (reloadKey) {
      setStart("");
      reload();
    }
  }, [reloadKey, reload]);
  const name = row?.full_name || row?.email || "";
  const free =
    state.status === "ready" ? state.slots.filter((s) => s.free && Date.parse(s.start) !== Date.parse(row?.starts_at ?? "")) : [];
  return (
    <ConfirmDialog
      role="dialog"
      open={row !== null}
      title={t`Reschedule the demo with ${name}`}
      description={
        <Trans>Choose a free time. The visitor gets an email in their language with the new time and an updated invitation.</Trans>
      }
      cancelLabel={<Trans>Close</Trans>}
      confirmLabel={<Trans>Move the demo</Trans>}
      pendingLabel={t`Saving…`}
      pending={busy}
      destructive={false}
      confirmDisabled={!start}
      onCancel={onClose}
      onConfirm={() => onConfirm(start)}
    >
      <DaySlotPicker
        date={date}
        min={firstDay}
        state={state}
        slots={free}
        start={start}
        visitorTimeZone={row?.visitor_time_zone}
        emptyText={<Trans>No free time on this day (it may be a weekend or fully booked). Choose another date.</Trans>}
        timeHelperText={<Trans>The visitor's own time is shown beside each time when it differs.</Trans>}
        spinner
        onDateChange={setDate}
        onStartChange={setStart}
        onRetry={reload}
      />
      <ErrorAlert message={error} />
    </ConfirmDialog>
  );
}
