import { DatePicker, type DateValue, Field, IconButton, Portal, parseDate } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import type { ReactNode } from "react";
import { useController, useFormContext } from "react-hook-form";
import { isBookableDate, isoDate } from "@/lib/forms/booking-rules";
import { useLocale } from "@/lib/i18n/locale-context";

export interface BookingDateFieldProps {
  name: string;
  label: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  /** The clock for "before now is disabled" (stories and tests pass a fixed one). */
  now?: () => Date;
  /** Render the calendar in a portal (outside dialogs) or in place (inside a dialog). */
  portalled?: boolean;
  /** Called with the ISO date after a change (the form clears the time slot). */
  onValueChange?: (iso: string) => void;
}

/**
 * A date picker for demo bookings: Saturdays, Sundays and days before tomorrow cannot be chosen
 * (docs/product.md#booking). The value is an ISO date ("2026-11-23"). Keyboard: the trigger opens the calendar,
 * arrow keys move by day/week, Page Up/Down by month, Enter picks, Escape closes; the date can also
 * be typed in the input.
 */
export function BookingDateField({ name, label, helperText, required, now = () => new Date(), portalled = false, onValueChange }: BookingDateFieldProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const iso = (field.value as string | undefined) ?? "";
  let value: DateValue[] = [];
  try {
    value = iso ? [parseDate(iso) as DateValue] : [];
  } catch {
    value = [];
  }
  const today = now();
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const long = new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const content = (
    <DatePicker.Positioner>
      <DatePicker.Content>
        <DatePicker.View view="day">
          <DatePicker.Header />
          <DatePicker.DayTable />
        </DatePicker.View>
        <DatePicker.View view="month">
          <DatePicker.Header />
          <DatePicker.MonthTable />
        </DatePicker.View>
        <DatePicker.View view="year">
          <DatePicker.Header />
          <DatePicker.YearTable />
        </DatePicker.View>
      </DatePicker.Content>
    </DatePicker.Positioner>
  );
  return (
    <Field.Root invalid={Boolean(fieldState.error)} required={required}>
      <DatePicker.Root
        locale={intl}
        timeZone="UTC"
        value={value}
        min={parseDate(isoDate(tomorrow)) as DateValue}
        startOfWeek={intl.startsWith("ar") ? 1 : 0}
        isDateUnavailable={(d) => !isBookableDate(d.toString(), now())}
        onValueChange={(d) => {
          const next = d.value[0]?.toString() ?? "";
          field.onChange(next);
          onValueChange?.(next);
        }}
        format={(d) => long.format(new Date(Date.UTC(d.year, d.month - 1, d.day)))}
        positioning={{ placement: "bottom-start" }}
        closeOnSelect
        width="full"
      >
        <DatePicker.Label>
          {label}
          {required ? <Field.RequiredIndicator /> : null}
        </DatePicker.Label>
        <DatePicker.Control>
          <DatePicker.Input
            ref={field.ref}
            name={field.name}
            onBlur={field.onBlur}
            readOnly
            placeholder={t`Choose a weekday`}
            bg="bg"
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${name}-date-error` : undefined}
          />
          <DatePicker.IndicatorGroup>
            <DatePicker.Trigger asChild>
              <IconButton variant="ghost" size="xs" aria-label={t`Open the calendar`}>
                <CalendarDays aria-hidden="true" />
              </IconButton>
            </DatePicker.Trigger>
          </DatePicker.IndicatorGroup>
        </DatePicker.Control>
        {portalled ? <Portal>{content}</Portal> : content}
      </DatePicker.Root>
      {helperText && !fieldState.error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {fieldState.error ? (
        <Field.ErrorText color="red.700" id={`${name}-date-error`}>{fieldState.error.message}</Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
