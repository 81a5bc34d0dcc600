import { DatePicker, type DateValue, Field, IconButton, Portal, parseDate } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { type ComponentPropsWithRef, type ReactNode, useId } from "react";
import { DirectionalIcon } from "@/components/directional-icon";
import { useController, useFormContext } from "react-hook-form";
import { type Availability, DEFAULT_AVAILABILITY, addDays, dateInZone, isBookableDay } from "@/lib/booking/availability";
import { useLocale } from "@/lib/i18n/locale-context";

interface BookingDateFieldProps {
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
  /** The market's calendar whose days can be chosen (the UAE's by default). */
  availability?: Availability;
}

/**
 * A date picker for demo bookings: only the market's bookable days (working days, not holidays, from today while a slot is left)
 * (docs/product.md#booking). The value is an ISO date ("2026-11-23"). Keyboard: the trigger opens the calendar,
 * arrow keys move by day/week, Page Up/Down by month, Enter picks, Escape closes; the date can also
 * be typed in the input.
 */
/** The month or year view: a 4-column grid of choices, each a cell with its trigger. */
function PickerGrid({ rows }: { rows: { value: number; label: string }[][] }) {
  return (
    <DatePicker.Table columns={4}>
      <DatePicker.TableBody>
        {rows.map((row) => (
          <DatePicker.TableRow key={row[0]!.value}>
            {row.map((cell) => (
              <DatePicker.TableCell key={cell.value} value={cell.value} asChild>
                <Cell>
                  <DatePicker.TableCellTrigger>{cell.label}</DatePicker.TableCellTrigger>
                </Cell>
              </DatePicker.TableCell>
            ))}
          </DatePicker.TableRow>
        ))}
      </DatePicker.TableBody>
    </DatePicker.Table>
  );
}

export function BookingDateField({
  name,
  label,
  helperText,
  required,
  now = () => new Date(),
  portalled = false,
  onValueChange,
  availability = DEFAULT_AVAILABILITY,
}: BookingDateFieldProps) {
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
  // Days are the market's days: a demo on "Monday" is on Monday in Dubai, or in Toronto (docs/markets.md).
  // Today can be chosen while a slot of it is still after the minimum notice.
  const today = dateInZone(now(), availability.timeZone);
  const first = isBookableDay(today, now(), availability) ? today : addDays(today, 1);
  const tableBase = `calendar-${useId().replace(/[^\w-]/g, "")}`;
  const translations = {
    content: t`Calendar`,
    dayCell: (state: { unavailable: boolean; selected: boolean; valueText: string }) =>
      state.unavailable ? t`Not available: ${state.valueText}` : state.selected ? t`Selected: ${state.valueText}` : state.valueText,
    trigger: (open: boolean) => (open ? t`Close the calendar` : t`Open the calendar`),
    prevTrigger: (view: string) => (view === "year" ? t`Previous years` : view === "month" ? t`Previous year` : t`Previous month`),
    nextTrigger: (view: string) => (view === "year" ? t`Next years` : view === "month" ? t`Next year` : t`Next month`),
    viewTrigger: () => "",
    monthSelect: t`Month`,
    yearSelect: t`Year`,
    clearTrigger: t`Clear the date`,
  };
  const long = new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const content = (
    <DatePicker.Positioner>
      <DatePicker.Content>
        <DatePicker.View view="day">
          <CalendarHeader />
          <DatePicker.Context>
            {(api) => (
              <DatePicker.Table>
                <DatePicker.TableHead>
                  <DatePicker.TableRow>
                    {api.weekDays.map((d) => (
                      <DatePicker.TableHeader key={d.long} abbr={d.long}>
                        {d.narrow}
                      </DatePicker.TableHeader>
                    ))}
                  </DatePicker.TableRow>
                </DatePicker.TableHead>
                <DatePicker.TableBody>
                  {api.weeks.map((week) => (
                    <DatePicker.TableRow key={week[0]!.toString()}>
                      {week.map((day) => (
                        <DatePicker.TableCell key={day.toString()} value={day} asChild>
                          <Cell>
                            <DatePicker.TableCellTrigger>{day.day}</DatePicker.TableCellTrigger>
                          </Cell>
                        </DatePicker.TableCell>
                      ))}
                    </DatePicker.TableRow>
                  ))}
                </DatePicker.TableBody>
              </DatePicker.Table>
            )}
          </DatePicker.Context>
        </DatePicker.View>
        <DatePicker.View view="month">
          <CalendarHeader />
          <DatePicker.Context>{(api) => <PickerGrid rows={api.getMonthsGrid({ columns: 4, format: "short" })} />}</DatePicker.Context>
        </DatePicker.View>
        <DatePicker.View view="year">
          <CalendarHeader />
          <DatePicker.Context>{(api) => <PickerGrid rows={api.getYearsGrid({ columns: 4 })} />}</DatePicker.Context>
        </DatePicker.View>
      </DatePicker.Content>
    </DatePicker.Positioner>
  );
  return (
    <Field.Root invalid={Boolean(fieldState.error)} required={required}>
      <DatePicker.Root
        locale={intl}
        ids={{ table: (id) => `${tableBase}-${id.replace(/\s+/g, "-")}` }}
        translations={translations}
        timeZone="UTC"
        value={value}
        min={parseDate(first) as DateValue}
        startOfWeek={intl.startsWith("ar") ? 1 : 0}
        isDateUnavailable={(d) => !isBookableDay(d.toString(), now(), availability)}
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
        {/* Laid out like every Field.Label: a gap before the required asterisk. */}
        <DatePicker.Label display="flex" alignItems="center" gap="1">
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
        <Field.ErrorText color="red.700" id={`${name}-date-error`}>
          {fieldState.error.message}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/**
 * Previous / title / next. The chevrons point outward in both directions (mirrored in Arabic); the
 * title button is named by its own text (the month or the years shown), so what is seen is what a
 * voice-control user says.
 */
function CalendarHeader() {
  return (
    <DatePicker.ViewControl>
      <DatePicker.PrevTrigger>
        <DirectionalIcon>
          <ChevronLeft />
        </DirectionalIcon>
      </DatePicker.PrevTrigger>
      <DatePicker.Context>
        {(api) => <DatePicker.ViewTrigger aria-label={undefined}>{api.visibleRangeText.start}</DatePicker.ViewTrigger>}
      </DatePicker.Context>
      <DatePicker.NextTrigger>
        <DirectionalIcon>
          <ChevronRight />
        </DirectionalIcon>
      </DatePicker.NextTrigger>
    </DatePicker.ViewControl>
  );
}

/**
 * A calendar cell without the `role="gridcell"` the date picker gives it: a `td` in a `role="grid"`
 * table already is a grid cell, and HTML forbids restating it.
 */
function Cell({ role: _role, ...props }: ComponentPropsWithRef<"td">) {
  return <td {...props} />;
}
