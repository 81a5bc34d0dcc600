import { Box, Checkbox, Field, Input, NativeSelect, RadioGroup, Stack, Text } from "@chakra-ui/react";
import type { ComponentProps, ReactNode, Ref } from "react";
import { type FieldError, type FieldValues, type Path, useController } from "react-hook-form";
import { useAdoptedChoice } from "./adopted-choices";

/** `T` is the form's values: `name` must be one of its fields (see `formFields` in ./form.tsx). */
interface BaseFieldProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

type InputProps = ComponentProps<typeof Input>;

export interface TextFieldProps<T extends FieldValues = FieldValues> extends BaseFieldProps<T> {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: InputProps["inputMode"];
  placeholder?: string;
  /** Write left-to-right whatever the page direction (emails, phone numbers). */
  ltr?: boolean;
  /** Rewrites the value as it is typed (e.g. keep digits only). */
  transform?: (value: string) => string;
  maxLength?: number;
}

/**
 * A labelled field's frame: the label (with the required mark), the control, then the helper text, or
 * the error once there is one. Every text-like field of the kit (text, select, country code) sits in it.
 */
export function FieldFrame({
  label,
  helperText,
  required,
  disabled,
  error,
  children,
}: Omit<BaseFieldProps<FieldValues>, "name"> & { error?: Pick<FieldError, "message">; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText color="red.700">{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** A labelled text input bound to the surrounding `<Form>`. */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  ltr,
  transform,
  maxLength,
  ...frame
}: TextFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  return (
    <FieldFrame {...frame} error={fieldState.error}>
      <Input
        ref={field.ref}
        name={field.name}
        value={(field.value as string | undefined) ?? ""}
        onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
        onBlur={field.onBlur}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        dir={ltr ? "ltr" : undefined}
        _rtl={ltr ? { textAlign: "right" } : undefined}
        bg="bg"
      />
    </FieldFrame>
  );
}

interface SelectOption {
  value: string;
  label: string;
  /** Language of the label when it differs from the page's. */
  lang?: string;
}

interface SelectFieldProps<T extends FieldValues = FieldValues> extends BaseFieldProps<T> {
  options: readonly SelectOption[];
  placeholder?: string;
  /** Called after the value changed (e.g. to tell a machine). */
  onValueChange?: (value: string) => void;
  autoComplete?: string;
  ltr?: boolean;
}

/** A native select (fast, keyboard- and screen-reader-friendly on every device) bound to the form. */
export function SelectField<T extends FieldValues = FieldValues>({
  name,
  options,
  placeholder,
  onValueChange,
  autoComplete,
  ltr,
  ...frame
}: SelectFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  useAdoptedChoice(name, onValueChange);
  return (
    <FieldFrame {...frame} error={fieldState.error}>
      <SelectControl
        ref={field.ref}
        name={field.name}
        value={(field.value as string | undefined) ?? ""}
        onChange={(e) => {
          field.onChange(e.target.value);
          onValueChange?.(e.target.value);
        }}
        onBlur={field.onBlur}
        placeholder={placeholder}
        autoComplete={autoComplete}
        dir={ltr ? "ltr" : undefined}
        options={options}
      />
    </FieldFrame>
  );
}

/** The native select of `SelectField` and `DialCodeField`: its options after any `children` (a placeholder option). */
export function SelectControl({
  options,
  children,
  ...props
}: NativeSelect.FieldProps & { options: readonly SelectOption[]; ref?: Ref<HTMLSelectElement> }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...props} bg="bg">
        {children}
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface RadioGroupFieldProps<T extends FieldValues = FieldValues> extends BaseFieldProps<T> {
  options: readonly { value: string; label: ReactNode; description?: ReactNode }[];
  onValueChange?: (value: string) => void;
  orientation?: "horizontal" | "vertical";
}

/**
 * A group of radio buttons; arrow keys move between them. A required group shows the kit's required mark
 * after its label (the `Field.Root` around it gives the mark its context, as the date field does) and is
 * `aria-required` for assistive technology.
 */
export function RadioGroupField<T extends FieldValues = FieldValues>({
  name,
  label,
  helperText,
  required,
  disabled,
  options,
  onValueChange,
  orientation = "horizontal",
}: RadioGroupFieldProps<T>) {
  const { field, fieldState } = useController<T>({ name });
  useAdoptedChoice(name, onValueChange);
  const errorId = `${name}-error`;
  return (
    <Field.Root required={required} display="block">
      <RadioGroup.Root
        name={field.name}
        value={(field.value as string | undefined) ?? null}
        onValueChange={(d) => {
          field.onChange(d.value ?? "");
          if (d.value) onValueChange?.(d.value);
        }}
        disabled={disabled}
        required={required}
        invalid={Boolean(fieldState.error)}
        colorPalette="brand"
        aria-describedby={fieldState.error ? errorId : undefined}
      >
        {/* Laid out like every Field.Label: a gap before the required asterisk. */}
        <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="2" display="flex" alignItems="center" gap="1">
          {label}
          {required ? <Field.RequiredIndicator /> : null}
        </RadioGroup.Label>
        <Stack direction={{ base: "column", sm: orientation === "horizontal" ? "row" : "column" }} gap={{ base: "2", sm: "5" }}>
          {options.map((o) => (
            <RadioGroup.Item key={o.value} value={o.value} alignItems="flex-start">
              <RadioGroup.ItemHiddenInput onBlur={field.onBlur} ref={o.value === options[0]?.value ? field.ref : undefined} />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                {o.label}
                {o.description ? (
                  <Text as="span" display="block" color="fg.muted" fontSize="xs">
                    {o.description}
                  </Text>
                ) : null}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {helperText && !fieldState.error ? (
        <Text mt="1.5" fontSize="xs" color="fg.muted">
          {helperText}
        </Text>
      ) : null}
      {fieldState.error ? (
        <Text id={errorId} mt="1.5" fontSize="xs" color="red.700">
          {fieldState.error.message}
        </Text>
      ) : null}
    </Field.Root>
  );
}

/** A single checkbox bound to a boolean. */
export function CheckboxField<T extends FieldValues = FieldValues>({ name, label, helperText, disabled }: BaseFieldProps<T>) {
  const { field } = useController<T>({ name });
  return (
    <Box>
      <Checkbox.Root
        name={field.name}
        checked={Boolean(field.value)}
        onCheckedChange={(d) => field.onChange(d.checked === true)}
        disabled={disabled}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
        {/* A label may hold phrasing content only: the box is a span, not Chakra's default div. */}
        <Checkbox.Control mt="0.5" asChild>
          <span>
            <Checkbox.Indicator />
          </span>
        </Checkbox.Control>
        <Checkbox.Label fontWeight="normal">
          {label}
          {helperText ? (
            <Text as="span" display="block" color="fg.muted" fontSize="xs">
              {helperText}
            </Text>
          ) : null}
        </Checkbox.Label>
      </Checkbox.Root>
    </Box>
  );
}
