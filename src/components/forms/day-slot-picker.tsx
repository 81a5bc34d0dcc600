import { Alert, Button, Field, Input, NativeSelect, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { LoadingLine } from "@/components/feedback/loading-line";
import type { DaySlot } from "@/lib/booking/booking-slots-client";
import { slotLabel } from "@/lib/booking/slot-label";
import type { DaySlotsState } from "@/lib/booking/use-day-slots";
import { useLocale } from "@/lib/i18n/locale-context";

interface DaySlotPickerProps {
  /** The chosen day (YYYY-MM-DD, the market's clock). */
  date: string;
  /** The first and last days that can be chosen. */
  min: string;
  max?: string;
  /** The day's free slots as `useDaySlots` reads them; `slots` are those offered (the current one left out). */
  state: DaySlotsState;
  slots: DaySlot[];
  /** The chosen slot's start ("" for none). */
  start: string;
  /** The visitor's zone, shown beside each time when it differs. */
  visitorTimeZone?: string | null;
  /** What to say when the day has no free slot. */
  emptyText: ReactNode;
  /** Under the time list. */
  timeHelperText?: ReactNode;
  /** A spinner beside "Loading the free times…" (the admin's dialog) rather than plain muted text. */
  spinner?: boolean;
  /** Read the error and the empty day out (role alert / status), as on the visitor's page. */
  announce?: boolean;
  onDateChange: (date: string) => void;
  onStartChange: (start: string) => void;
  onRetry: () => void;
}

/**
 * A new date, then a free time of that day: loading, a failed read with Try again, a day without free
 * time, or the list of free times. Changing the date clears the chosen time.
 */
export function DaySlotPicker({
  date,
  min,
  max,
  state,
  slots,
  start,
  visitorTimeZone,
  emptyText,
  timeHelperText,
  spinner = false,
  announce = false,
  onDateChange,
  onStartChange,
  onRetry,
}: DaySlotPickerProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  // With a spinner where the picker stands alone; muted, without one, where the form around it shows its own.
  const loading = (
    <LoadingLine role="status" gap="2" spinner={spinner} color={spinner ? undefined : "fg.muted"}>
      <Trans>Loading the free times…</Trans>
    </LoadingLine>
  );
  return (
    <>
      <Field.Root>
        <Field.Label>
          <Trans>New date</Trans>
        </Field.Label>
        <Input
          type="date"
          value={date}
          min={min}
          max={max}
          onChange={(e) => {
            onDateChange(e.target.value);
            onStartChange("");
          }}
        />
      </Field.Root>
      {state.status === "loading" ? loading : null}
      {state.status === "error" ? (
        <Alert.Root status="warning" role={announce ? "alert" : undefined}>
          <Alert.Indicator />
          <Alert.Title>
            <Trans>We could not load the free times.</Trans>
          </Alert.Title>
          <Button size="xs" variant="outline" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Alert.Root>
      ) : null}
      {state.status === "ready" && slots.length === 0 ? (
        <Text color="fg.muted" role={announce ? "status" : undefined}>
          {emptyText}
        </Text>
      ) : null}
      {state.status === "ready" && slots.length > 0 ? (
        <Field.Root>
          <Field.Label>
            <Trans>New time</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={start} onChange={(e) => onStartChange(e.target.value)} placeholder={t`Choose a time`}>
              {slots.map((s) => (
                <option key={s.start} value={s.start}>
                  {slotLabel(new Date(s.start), state.timeZone, visitorTimeZone, locale)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {timeHelperText ? <Field.HelperText>{timeHelperText}</Field.HelperText> : null}
        </Field.Root>
      ) : null}
    </>
  );
}
