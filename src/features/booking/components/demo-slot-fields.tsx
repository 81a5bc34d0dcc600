import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { type ErrorOption, useFormContext } from "react-hook-form";
import { BookingDateField } from "@/components/forms/date-field";
import type { Rejection } from "@/components/forms/form";
import { isBookableDay } from "@/lib/booking/availability";
import type { Market } from "@/lib/booking/markets";
import type { FreeSlot } from "@/lib/submit/outbox";
import type { LoadDaySlots } from "@/lib/booking/booking-slots-client";
import { useDaySlots } from "@/lib/booking/use-day-slots";
import { FreeSlotField, SlotConflict } from "./free-slot-field";
import { NoScriptSlotFields } from "./no-script-slot-fields";
import { MarketSwitcher } from "./market-switcher";

interface DemoSlotFieldsProps {
  now?: () => Date;
  portalled?: boolean;
  /** The free slots the server offered after a 409 (null: no conflict). */
  conflict: FreeSlot[] | null;
  /** Called when the visitor picks one of them, or changes the date. */
  onConflictDone: () => void;
  /** Bumped by the form after a 409 so the day's slots are read again. */
  reloadKey: number;
  loadSlots?: LoadDaySlots;
  visitorTimeZone?: string;
  /** The market whose calendar is shown, the markets to switch between, and the switch. */
  market: Market;
  markets: readonly Market[];
  onMarketChange: (market: string) => void;
}

/** What `onRejected` needs of a booking form: its time field. */
interface TimeOfForm {
  setValue(name: "demoTime", value: string): void;
  setError(name: "demoTime", error: ErrorOption): void;
}

/**
 * A taken slot (409), as both booking forms handle it: the visitor keeps everything typed, the time is
 * cleared with a message, the next free slots are offered and the day's slots are read again.
 */
export function useSlotConflict() {
  const { t } = useLingui();
  const [conflict, setConflict] = useState<FreeSlot[] | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  return {
    /** Props for <DemoSlotFields>. */
    fields: { conflict, reloadKey, onConflictDone: () => setConflict(null) },
    /** Before each attempt. */
    clear: () => setConflict(null),
    /** The form's `onRejected`: handles a 409 by clearing the time with a message. */
    onRejected: (rejection: Rejection, form: TimeOfForm) => {
      if (rejection.httpStatus !== 409) return false;
      form.setValue("demoTime", "");
      form.setError("demoTime", { type: "server", message: t`This time is no longer available. Please choose another one.` });
      setConflict(rejection.nextSlots ?? []);
      setReloadKey((k) => k + 1);
      return true;
    },
  };
}

/** The demo date, the day's free slots and, after a 409, the next free slots (docs/product.md#booking). */
export function DemoSlotFields({
  now,
  portalled,
  conflict,
  onConflictDone,
  reloadKey,
  loadSlots,
  visitorTimeZone,
  market,
  markets,
  onMarketChange,
}: DemoSlotFieldsProps) {
  const { t } = useLingui();
  const form = useFormContext();
  const date = (form.watch("demoDate") as string | undefined) ?? "";
  const { state, reload } = useDaySlots(date, loadSlots, market.id);
  useEffect(() => {
    if (reloadKey) reload();
  }, [reloadKey, reload]);
  // Another market: the time is on another clock, and the day may not be open there.
  const [shown, setShown] = useState(market.id);
  useEffect(() => {
    if (shown === market.id) return;
    setShown(market.id);
    if (form.getValues("demoTime")) form.setValue("demoTime", "");
    const day = form.getValues("demoDate") as string;
    if (day && !isBookableDay(day, (now ?? (() => new Date()))(), market)) form.setValue("demoDate", "");
    onConflictDone();
  }, [market, shown, form, now, onConflictDone]);
  const timeZone = state.status === "ready" ? state.timeZone : market.timeZone;
  return (
    <>
      <MarketSwitcher markets={markets} value={market.id} onChange={onMarketChange} />
      <NoScriptSlotFields now={now} />
      <BookingDateField
        availability={market}
        name="demoDate"
        label={t`Demo date`}
        helperText={t`Monday to Friday. Demos last 30 minutes.`}
        now={now}
        portalled={portalled}
        required
        onValueChange={() => {
          form.setValue("demoTime", "");
          onConflictDone();
        }}
      />
      <FreeSlotField
        name="demoTime"
        label={t`Preferred time`}
        placeholder={t`Choose a time`}
        state={state}
        onRetry={reload}
        visitorTimeZone={visitorTimeZone}
        required
      />
      {conflict ? (
        <Box gridColumn="1 / -1">
          <SlotConflict
            timeZone={timeZone}
            nextSlots={conflict}
            visitorTimeZone={visitorTimeZone}
            onPick={(s) => {
              form.setValue("demoDate", s.date);
              form.setValue("demoTime", s.time);
              form.clearErrors(["demoDate", "demoTime"]);
              onConflictDone();
            }}
          />
        </Box>
      ) : null}
    </>
  );
}
