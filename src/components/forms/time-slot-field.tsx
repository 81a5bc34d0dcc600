import type { ReactNode } from "react";
import { slotAsDate, timeSlots } from "@/lib/forms/booking-rules";
import { useLocale } from "@/lib/i18n/locale-context";
import { SelectField } from "./fields";

/** "09:30" in the current language ("9:30 AM", "9:30 ص"). */
function formatSlot(slot: string, intl: string): string {
  return new Intl.DateTimeFormat(intl, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(slotAsDate(slot));
}

interface TimeSlotFieldProps {
  name: string;
  label: ReactNode;
  placeholder: string;
  /** The last slot offered: the dialog goes to 5:00 PM, the article form to 4:30 PM. */
  last: "17:00" | "16:30";
  helperText?: ReactNode;
  required?: boolean;
}

/** The half-hour slots of a demo day, from 9:00 AM. Render it only once a date is chosen. */
export function TimeSlotField({ name, label, placeholder, last, helperText, required }: TimeSlotFieldProps) {
  const { intl } = useLocale();
  const options = timeSlots(last).map((s) => ({ value: s, label: formatSlot(s, intl) }));
  return <SelectField name={name} label={label} placeholder={placeholder} options={options} helperText={helperText} required={required} />;
}
