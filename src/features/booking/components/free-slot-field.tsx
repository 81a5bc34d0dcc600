import { Alert, Button, Field, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { SelectField } from "@/components/forms/fields";
import { NextFreeTimes } from "@/components/forms/next-free-times";
import { browserTimeZone, isolate, slotLabel, zonePlace } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import type { FreeSlot } from "@/lib/submit/outbox";
import type { DaySlotsState } from "@/lib/booking/use-day-slots";

interface FreeSlotFieldProps {
  name: string;
  label: ReactNode;
  placeholder: string;
  state: DaySlotsState;
  onRetry: () => void;
  /** The visitor's zone (the browser's by default; stories pin one). */
  visitorTimeZone?: string;
  required?: boolean;
}

/**
 * The free half-hour slots of the chosen day (docs/product.md#booking), on the business clock with the
 * business's place ("10:00 AM Dubai"), and the visitor's own time beside each when their clock differs.
 * Slots already booked are not offered.
 */
export function FreeSlotField({ name, label, placeholder, state, onRetry, visitorTimeZone, required }: FreeSlotFieldProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  if (state.status === "idle") return null;
  if (state.status === "loading") {
    return (
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack role="status" gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>
            <Trans>Loading the free times…</Trans>
          </Text>
        </HStack>
      </Field.Root>
    );
  }
  if (state.status === "error") {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <Trans>We could not load the free times.</Trans>
          </Alert.Title>
          <Alert.Description>
            <Button size="sm" variant="outline" mt="2" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const visitor = visitorTimeZone ?? browserTimeZone();
  const free = state.slots.filter((s) => s.free);
  const businessPlace = zonePlace(state.timeZone, locale);
  if (!free.length) {
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>Every time on this day is booked. Please choose another day.</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  const differs = Boolean(
    visitor && visitor !== state.timeZone && free.some((s) => slotLabel(new Date(s.start), state.timeZone, visitor, locale).includes("·")),
  );
  const visitorPlace = visitor ? zonePlace(visitor, locale) : "";
  const helper = differs
    ? t`Times are ${isolate(businessPlace)} time, with your own time (${isolate(visitorPlace)}) beside each.`
    : t`Times are ${isolate(businessPlace)} time.`;
  const options = free.map((s) => ({ value: s.time, label: slotLabel(new Date(s.start), state.timeZone, visitor, locale) }));
  return <SelectField name={name} label={label} placeholder={placeholder} options={options} helperText={helper} required={required} />;
}

interface SlotConflictProps {
  timeZone: string;
  nextSlots: FreeSlot[];
  onPick: (slot: FreeSlot) => void;
  visitorTimeZone?: string;
}

/** After a 409: the chosen time was just booked by someone else; the next free slots, one tap each. */
export function SlotConflict({ timeZone, nextSlots, onPick, visitorTimeZone }: SlotConflictProps) {
  const { locale, intl } = useLocale();
  const visitor = visitorTimeZone ?? browserTimeZone();
  const day = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return new Intl.DateTimeFormat(intl, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
  };
  return (
    <Alert.Root status="warning" role="alert" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>Someone booked this time a moment ago.</Trans>
        </Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="1">
            <Text>
              {nextSlots.length ? (
                <Trans>Your details are still here. Pick one of the next free times:</Trans>
              ) : (
                <Trans>Your details are still here. Please choose another day or time.</Trans>
              )}
            </Text>
            {nextSlots.length ? (
              <NextFreeTimes
                slots={nextSlots}
                label={(s) => `${isolate(day(s.date))} · ${slotLabel(new Date(s.start), timeZone, visitor, locale)}`}
                onPick={onPick}
              />
            ) : null}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
