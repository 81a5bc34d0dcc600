import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type FieldValues, type Path, type PathValue, useController, useFormContext } from "react-hook-form";
import { useAdoptedChoice } from "./adopted-choices";
import { FieldFrame, SelectControl } from "./fields";

export interface DialCodeOption {
  /** Unique option id (a region such as "CA", or the dial code itself). */
  id: string;
  /** "+1" */
  dial: string;
  label: string;
}

interface DialCodeFieldProps<T extends FieldValues = FieldValues> {
  name: Path<T>;
  label: ReactNode;
  options: readonly DialCodeOption[];
  required?: boolean;
  onValueChange?: (dial: string) => void;
  /**
   * A form field that gets the chosen option's country (its id, when it is an ISO region such as "CA"),
   * so a code several countries share still says which one the visitor chose.
   */
  countryField?: Path<T>;
}

/**
 * A country-code select whose form value is the dial code ("+1") while each option stays distinct
 * (Canada and the United States share +1).
 */
export function DialCodeField<T extends FieldValues = FieldValues>({
  name,
  label,
  options,
  required,
  onValueChange,
  countryField,
}: DialCodeFieldProps<T>) {
  const { t } = useLingui();
  const { field, fieldState } = useController<T>({ name });
  const { getValues, setValue } = useFormContext<T>();
  const dial = (field.value as string | undefined) ?? "";
  const [chosen, setChosen] = useState(() => {
    const country = countryField ? String(getValues(countryField) ?? "") : "";
    return (options.find((o) => o.dial === dial && o.id === country) ?? options.find((o) => o.dial === dial))?.id ?? "";
  });
  // Keep the shown option in step when the form changes the code (reset, group change, the market's
  // country): the option of the form's country when it has this code (+1 with "CA" is Canada, not the US).
  useEffect(() => {
    const current = options.find((o) => o.id === chosen);
    if (current && current.dial === dial) return;
    const country = countryField ? String(getValues(countryField) ?? "") : "";
    setChosen((options.find((o) => o.dial === dial && o.id === country) ?? options.find((o) => o.dial === dial))?.id ?? "");
  }, [dial, options, chosen, countryField, getValues]);
  const choose = (id: string) => {
    const o = options.find((x) => x.id === id);
    setChosen(id);
    if (countryField) setValue(countryField, (o && /^[A-Z]{2}$/.test(o.id) ? o.id : "") as PathValue<T, Path<T>>);
    field.onChange(o?.dial ?? "");
    if (o) onValueChange?.(o.dial);
  };
  // A code picked before the form hydrated (its select's value is the option's id).
  useAdoptedChoice(`${name}-option`, choose);
  const selectOptions = useMemo(() => options.map((o) => ({ value: o.id, label: o.label })), [options]);
  return (
    <FieldFrame label={label} required={required} error={fieldState.error}>
      <SelectControl
        ref={field.ref}
        name={`${name}-option`}
        value={chosen}
        onChange={(e) => choose(e.target.value)}
        onBlur={field.onBlur}
        options={selectOptions}
      >
        {/* A required select starts with an empty placeholder option (HTML's rule); it cannot be picked again. */}
        <option value="" disabled>
          {t`Choose a country code`}
        </option>
      </SelectControl>
    </FieldFrame>
  );
}
