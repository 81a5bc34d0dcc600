import { useLingui } from "@lingui/react/macro";
import { useFormContext } from "react-hook-form";
import { FieldFrame, SelectControl } from "@/components/forms/fields";
import { DEFAULT_AVAILABILITY, addDays, dateInZone, isBookableDay, slotStart, slotTimes } from "@/lib/booking/availability";
import { slotLabel } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";

/** How many bookable days a visitor without JavaScript can choose from. */
const NO_SCRIPT_DAYS = 20;

/**
 * The demo's day and time for a visitor without JavaScript (docs/product.md#submit): the calendar and the
 * free-slot list need script, so inside <noscript> the form offers two plain selects under the same
 * names, the next bookable days and every slot of a day on the business clock. A slot that turns out to
 * be taken is refused by the server like any other, and the page comes back with the time to choose again.
 */
export function NoScriptSlotFields({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const { getValues, formState } = useFormContext();
  const a = DEFAULT_AVAILABILITY;
  const at = now();
  const days: string[] = [];
  for (let day = addDays(dateInZone(at, a.timeZone), 1), n = 0; days.length < NO_SCRIPT_DAYS && n < 120; day = addDays(day, 1), n++) {
    if (isBookableDay(day, at, a)) days.push(day);
  }
  const long = new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const dayLabel = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
    return long.format(new Date(Date.UTC(y, m - 1, d)));
  };
  const sample = days[0] ?? dateInZone(at, a.timeZone);
  const message = (name: string) => {
    const error = formState.errors[name];
    return typeof error?.message === "string" ? { message: error.message } : undefined;
  };
  return (
    <noscript>
      <FieldFrame label={t`Demo date`} helperText={t`Monday to Friday. Demos last 30 minutes.`} required error={message("demoDate")}>
        <SelectControl
          name="demoDate"
          defaultValue={String(getValues("demoDate") ?? "")}
          options={days.map((d) => ({ value: d, label: dayLabel(d) }))}
        >
          <option value="">{t`Choose a weekday`}</option>
        </SelectControl>
      </FieldFrame>
      <FieldFrame label={t`Preferred time`} required error={message("demoTime")}>
        <SelectControl
          name="demoTime"
          dir="ltr"
          defaultValue={String(getValues("demoTime") ?? "")}
          options={slotTimes(a).map((time) => ({ value: time, label: slotLabel(slotStart(sample, time, a), a.timeZone, null, locale) }))}
        >
          <option value="">{t`Choose a time`}</option>
        </SelectControl>
      </FieldFrame>
    </noscript>
  );
}
