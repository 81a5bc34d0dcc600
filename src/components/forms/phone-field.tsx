import { type FieldValues, type Path, useFormContext } from "react-hook-form";
import { nationalDigits } from "@/lib/forms/schemas";
import { TextField, type TextFieldProps } from "./fields";

interface PhoneFieldProps<T extends FieldValues> extends Omit<
  TextFieldProps<T>,
  "type" | "autoComplete" | "inputMode" | "transform" | "maxLength" | "ltr"
> {
  /** The form's dial-code field: a number typed or autofilled with that code in front loses it. */
  dialCodeField?: Path<T>;
  /** At most this many digits, the last ones kept when more are pasted; 15 by default (E.164). */
  digits?: number;
}

/** A phone number without its country code: digits only, left to right in either direction. */
export function PhoneField<T extends FieldValues = FieldValues>({ dialCodeField, digits = 15, ...props }: PhoneFieldProps<T>) {
  const { getValues } = useFormContext<T>();
  const dial = () => (dialCodeField ? String(getValues(dialCodeField) ?? "") : "");
  return (
    <TextField<T>
      {...props}
      type="tel"
      autoComplete="tel"
      inputMode="numeric"
      transform={(typed) => nationalDigits(typed, dial()).slice(-digits)}
      maxLength={digits}
      ltr
    />
  );
}
