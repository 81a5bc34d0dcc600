import { Alert, chakra } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, FormProvider, type Path, type UseFormReturn, useForm, useFormContext } from "react-hook-form";
import type * as v from "valibot";

type AnySchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/** Inputs whose value is what the visitor typed (selects, radios and checkboxes keep their defaults). */
const TEXT_INPUTS = new Set(["text", "email", "tel", "url", "search", "number"]);

export type FormApi<S extends AnySchema> = UseFormReturn<v.InferInput<S> & FieldValues, unknown, v.InferOutput<S> & FieldValues>;

export interface FormProps<S extends AnySchema> {
  /** The valibot schema, built with translated messages. */
  schema: S;
  defaultValues: DefaultValues<v.InferInput<S> & FieldValues>;
  /** Called with the parsed values once the schema accepts them. */
  onSubmit: (values: v.InferOutput<S>, form: FormApi<S>) => void | Promise<void>;
  children: ReactNode | ((form: FormApi<S>) => ReactNode);
  /** The form's accessible name. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  id?: string;
}

/**
 * Props for a <form> that only works once React has hydrated it. `data-js-form` tells the page's boot
 * script (src/app/deferred-boot.ts) to hold a submission made before then, instead of letting the
 * browser send the fields in a URL, and to replay it once `data-ready` turns "true" (end-to-end tests
 * wait for that attribute too).
 */
export function useHydratedForm() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return { "data-js-form": "", "data-ready": ready ? "true" : undefined } as const;
}

/**
 * The single form wrapper (DESIGN convention 5): react-hook-form with the valibot resolver. Fields
 * find the form through context (`useFormContext`). Validation runs on submit, then again as the
 * visitor corrects a field.
 */
export function Form<S extends AnySchema>({ schema, defaultValues, onSubmit, children, id, ...aria }: FormProps<S>) {
  const form = useForm<v.InferInput<S> & FieldValues, unknown, v.InferOutput<S> & FieldValues>({
    resolver: valibotResolver(schema) as never,
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
  const hydration = useHydratedForm();
  const ref = useRef<HTMLFormElement>(null);
  // Pages paint before their scripts run and forms below the fold hydrate later still: what the visitor
  // typed in the meantime is in the DOM, not in the form's state. Adopt it before anything re-renders.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, current] of Object.entries(form.getValues() as Record<string, unknown>)) {
      const field = element.elements.namedItem(name);
      const typed = field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TEXT_INPUTS.has(field.type));
      // Changed since the server's HTML (its value attribute) and not already the form's value.
      if (!typed || field.value === field.defaultValue || field.value === String(current ?? "")) continue;
      form.setValue(name as Path<v.InferInput<S> & FieldValues>, field.value as never, { shouldDirty: true });
    }
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormProvider {...form}>
      <chakra.form ref={ref} id={id} {...hydration} noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, form))} {...aria}>
        {typeof children === "function" ? children(form) : children}
      </chakra.form>
    </FormProvider>
  );
}

/**
 * Puts the server's field errors (a 400 from submit-form) on the form, preferring the form's own
 * translated message for a field when it has one. Returns whether any field matched.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  fields: Record<string, string>,
  translated: Partial<Record<string, string>> = {},
  known: readonly string[] = Object.keys(translated),
): boolean {
  let matched = false;
  for (const [name, message] of Object.entries(fields)) {
    if (!known.includes(name)) continue;
    form.setError(name as Path<T>, { type: "server", message: translated[name] ?? message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}

/**
 * A 400 from submit-form: its field errors go on their fields; when none of them is a field this form
 * shows, `fallback` becomes the form's own error (shown by <FormServerError />). Nothing is ever dropped.
 */
export function applyServerRejection<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError">,
  fields: Record<string, string>,
  translated: Partial<Record<string, string>>,
  known: readonly string[],
  fallback: string,
) {
  if (!applyServerErrors(form, fields, translated, known)) form.setError("root.server" as Path<T>, { type: "server", message: fallback });
}

/** The form-level error the server gave (see `applyServerRejection`), as an alert; nothing otherwise. */
export function FormServerError() {
  const { formState } = useFormContext();
  const message = formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
