import { chakra } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { type ReactNode, useEffect, useState } from "react";
import { type DefaultValues, type FieldValues, FormProvider, type Path, type UseFormReturn, useForm } from "react-hook-form";
import type * as v from "valibot";

type AnySchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

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
  // Marks the form as interactive once hydrated (end-to-end tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <FormProvider {...form}>
      <chakra.form id={id} data-ready={ready ? "true" : undefined} noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, form))} {...aria}>
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
