import type { FieldValues } from "react-hook-form";
import { typedPhone } from "@/lib/forms/phone";
import { TextField, type TextFieldProps } from "./fields";

type PhoneFieldProps<T extends FieldValues> = Omit<
  TextFieldProps<T>,
  "type" | "autoComplete" | "inputMode" | "transform" | "maxLength" | "ltr"
>;

/** Room for the longest international number with its code, spaces and dashes ("+971 (0) 50-123-4567"). */
const MAX_TYPED = 32;

/**
 * A phone number as the visitor types or autofills it: national ("050 123 4567") or international
 * ("+971 50 123 4567", "00971…"), left to right in either direction. Arabic-Indic and Persian digits
 * become Western ones as they are typed; nothing else is taken away or cut. The form's rule
 * (src/lib/forms/phone.ts) reads it against the chosen country and sends it in E.164.
 */
export function PhoneField<T extends FieldValues = FieldValues>(props: PhoneFieldProps<T>) {
  return <TextField<T> {...props} type="tel" autoComplete="tel" inputMode="tel" transform={typedPhone} maxLength={MAX_TYPED} ltr />;
}
