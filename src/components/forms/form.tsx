import { Alert, type AlertRootProps, Box, type BoxProps, Button, type ButtonProps, chakra } from "@chakra-ui/react";
import type { Availability } from "@/lib/booking/availability";
import { usePageNavigation } from "@/components/navigation";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useForm,
  useFormContext,
} from "react-hook-form";
import type * as v from "valibot";
import type { FormMessage, FormSpec, Translate } from "@/lib/forms/schemas";
import { useLocale } from "@/lib/i18n/locale-context";
import type { VisitorFormKey } from "@/lib/forms/visitor-forms";
import { VisitorFormHiddenFields, useFormEcho } from "./form-echo";
import { reportFormEvent } from "@/lib/analytics/report";
import type { SubmitOptions, SubmitResult } from "@/lib/submit/submit";
import { DialCodeField } from "./dial-code-field";
import { PhoneField } from "./phone-field";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "./fields";
import { ErrorAlert } from "../feedback/error-alert";
import { useReveal } from "./use-reveal";
import { AdoptedChoicesContext } from "./adopted-choices";

/** Inputs whose value is what the visitor typed. */
const TEXT_INPUTS = new Set(["text", "email", "tel", "url", "search", "number"]);

/**
 * Sets a field from what the DOM holds for it. react-hook-form types a value by its field; the DOM
 * knows strings (text, select, radio) and booleans (a checkbox), which is what those fields hold.
 */
interface DomValueSetter {
  set(name: string, value: string | boolean, options: { shouldDirty: boolean }): void;
}

/**
 * What the visitor changed in a field since the server's HTML (typed, picked or ticked before the
 * form hydrated), or undefined: a text's value against its value attribute, a select's choice against
 * its `selected` option, a radio group's against its `checked` radio, a checkbox against `checked`.
 */
function changedSinceServer(field: Element | RadioNodeList | null): string | boolean | undefined {
  if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && TEXT_INPUTS.has(field.type)))
    return field.value === field.defaultValue ? undefined : field.value;
  if (field instanceof HTMLInputElement && field.type === "checkbox")
    return field.checked === field.defaultChecked ? undefined : field.checked;
  if (field instanceof HTMLSelectElement && !field.multiple) {
    const initial = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
    return field.selectedOptions[0] === initial ? undefined : field.value;
  }
  if (field instanceof RadioNodeList) {
    const radios = [...field].filter((r): r is HTMLInputElement => r instanceof HTMLInputElement && r.type === "radio");
    const checked = radios.find((r) => r.checked);
    return checked && !checked.defaultChecked ? checked.value : undefined;
  }
  return undefined;
}

/** The form as react-hook-form holds it: `TIn` what the fields hold, `TOut` what the schema makes of them. */
type FormApi<TIn extends FieldValues, TOut extends FieldValues = TIn> = UseFormReturn<TIn, unknown, TOut>;

interface FormProps<TIn extends FieldValues, TOut extends FieldValues> {
  /** The valibot schema, built with translated messages. */
  schema: v.GenericSchema<TIn, TOut>;
  defaultValues: DefaultValues<TIn>;
  /** Called with the parsed values once the schema accepts them. */
  onSubmit: (values: TOut, form: FormApi<TIn, TOut>) => void | Promise<void>;
  children: ReactNode | ((form: FormApi<TIn, TOut>) => ReactNode);
  /** The form's accessible name. */
  "aria-label"?: string;
  "aria-labelledby"?: string;
  id?: string;
  /** Rendered inside the <form> after the children (the visitor form's honeypot). */
  after?: ReactNode;
  formRef?: React.RefObject<HTMLFormElement | null>;
  /** Where the form posts without JavaScript (its page); without it the form has no fallback. */
  action?: string;
  /** Errors to start with (the server's answer to a post made without JavaScript). */
  errors?: FieldErrors<TIn>;
  /** Every submit attempt, before validation (analytics). */
  onAttempt?: () => void;
  /** The schema refused the values (analytics). */
  onInvalid?: () => void;
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
export function Form<TIn extends FieldValues, TOut extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  children,
  id,
  after,
  formRef,
  action,
  errors,
  onAttempt,
  onInvalid,
  ...aria
}: FormProps<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: valibotResolver(schema),
    // Every rule runs at once (the resolver aborts a pipe early otherwise): a form's checks across
    // fields (the phone read against the chosen country) show with the others, not after them.
    // Each field still shows its first message.
    criteriaMode: "all",
    defaultValues,
    errors,
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
  });
  const hydration = useHydratedForm();
  const ownRef = useRef<HTMLFormElement>(null);
  const ref = formRef ?? ownRef;
  // Pages paint before their scripts run and forms below the fold hydrate later still: what the visitor
  // typed, picked or ticked in the meantime is in the DOM, not in the form's state. Adopt it before
  // anything re-renders (a layout effect: before any field's effect), and tell the fields what was
  // chosen, so they run what the change does besides (`useAdoptedChoice`).
  const [adopted] = useState(() => new Map<string, string | boolean>());
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fromDom: DomValueSetter = { set: form.setValue };
    const values: Record<string, unknown> = form.getValues();
    const names = new Set([...element.elements].flatMap((el) => el.getAttribute("name") ?? []));
    for (const name of names) {
      const value = changedSinceServer(element.elements.namedItem(name));
      if (value === undefined) continue;
      adopted.set(name, value);
      if (Object.hasOwn(values, name) && value !== values[name]) fromDom.set(name, value, { shouldDirty: true });
    }
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FormProvider {...form}>
      <AdoptedChoicesContext value={adopted}>
        <chakra.form
          ref={ref}
          id={id}
          method={action ? "post" : undefined}
          action={action}
          {...hydration}
          noValidate
          onSubmit={(event) => {
            onAttempt?.();
            return form.handleSubmit(
              (values) => onSubmit(values, form),
              () => onInvalid?.(),
            )(event);
          }}
          {...aria}
        >
          {typeof children === "function" ? children(form) : children}
          {after}
        </chakra.form>
      </AdoptedChoicesContext>
    </FormProvider>
  );
}

/**
 * The field components bound to one form's values: `name` is checked against them.
 *
 *   const F = formFields<SalesLeadFields>();
 *   <F.TextField name="fullName" … />
 */
export function formFields<T extends FieldValues>() {
  return {
    TextField: TextField<T>,
    SelectField: SelectField<T>,
    RadioGroupField: RadioGroupField<T>,
    CheckboxField: CheckboxField<T>,
    DialCodeField: DialCodeField<T>,
    PhoneField: PhoneField<T>,
  };
}

// ---------------------------------------------------------------------------------------------
// The visitor form kit: honeypot, submit lifecycle and server errors back on their fields.
// ---------------------------------------------------------------------------------------------

/** The honeypot's name: a field people never see or fill in; bots do. The server drops such submissions. */
const HONEYPOT = "website";

function Honeypot() {
  const { t } = useLingui();
  return (
    <Box position="absolute" insetStart="-10000px" w="1px" h="1px" overflow="hidden" aria-hidden="true">
      <label>
        {t`Leave this field empty`}
        <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </Box>
  );
}

function honeypotOf(form: HTMLFormElement | null): HTMLInputElement | null {
  const input = form?.elements.namedItem(HONEYPOT);
  return input instanceof HTMLInputElement ? input : null;
}

export type Rejection = Extract<SubmitResult, { status: "rejected" }>;
type Accepted = Exclude<SubmitResult, Rejection>;

/** A visitor form as its feature declares it, once, beside the form: everything but its fields and what it does on success. */
interface VisitorFormDefinition<TIn extends FieldValues, TOut extends FieldValues, Payload> {
  /** The name its page posts without JavaScript (src/lib/forms/visitor-forms.ts). */
  key: VisitorFormKey;
  /** Its rules (src/lib/forms/schemas.ts), built with translated messages, the clock and market calendar (dates) and the language (country names). */
  schema: (tr: Translate, options: { now?: () => Date; locale?: string; availability?: Availability }) => v.GenericSchema<TIn, TOut>;
  /** Its payload mapping and the inverse: server errors go back to fields through `fieldOf`. */
  spec: Pick<FormSpec<TOut, Payload>, "fieldOf">;
  /** Its messages by field: a field the server rejects shows its own, translated. */
  messages: Readonly<Record<string, FormMessage>>;
  /** An empty form: every field the form shows, and what it returns to after a success. */
  empty: DefaultValues<TIn>;
}

/** Declares a visitor form (`VisitorFormDefinition`), its value types inferred from the schema. */
export function visitorForm<TIn extends FieldValues, TOut extends FieldValues, Payload>(
  definition: VisitorFormDefinition<TIn, TOut, Payload>,
): VisitorFormDefinition<TIn, TOut, Payload> {
  return definition;
}

interface VisitorFormProps<TIn extends FieldValues, TOut extends FieldValues, Payload> extends Omit<
  FormProps<TIn, TOut>,
  "schema" | "onSubmit" | "defaultValues" | "after" | "formRef" | "action" | "errors"
> {
  form: VisitorFormDefinition<TIn, TOut, Payload>;
  /** The clock date rules check against (stories and tests fix it); the real one by default. */
  now?: () => Date;
  /** The calendar date rules check against (a booking form's market; docs/markets.md). */
  availability?: Availability;
  /** What it starts with instead (stories); the form's `empty` by default. */
  defaultValues?: DefaultValues<TIn>;
  /** The page the visitor submits from; the current one by default. */
  path?: string;
  /** Sends the values (the feature's submit helper; stories inject their own). */
  send: (values: TOut, opts: SubmitOptions) => Promise<SubmitResult>;
  /** Before each attempt (clear what the last one showed). */
  onSubmitStart?: () => void;
  /** A rejection the form handles itself (a taken demo slot); return true when handled. */
  onRejected?: (rejection: Rejection, form: FormApi<TIn, TOut>) => boolean;
  /** Stored or safely queued; the form has reset itself. */
  onDone: (result: Accepted, values: TOut) => void;
  /**
   * Where a rejection goes when none of its errors is a field of this form: a field (with its own
   * message), or by default the form's own error (shown by <FormServerError />).
   */
  unmatchedField?: Path<TIn>;
}

/**
 * A visitor form (sales lead, demo booking, newsletter): the honeypot, the submit lifecycle (send,
 * put a rejection on the fields, or reset and report success) and the mapping of the server's
 * `payload.<key>` errors back to the fields they came from.
 */
export function VisitorForm<TIn extends FieldValues, TOut extends FieldValues, Payload>({
  form: { key, schema: schemaOf, spec, messages, empty },
  now,
  availability,
  defaultValues = empty,
  path: pathProp,
  send,
  onSubmitStart,
  onRejected,
  onDone,
  unmatchedField,
  ...props
}: VisitorFormProps<TIn, TOut, Payload>) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const schema = useMemo(() => schemaOf((m) => i18n._(m), { now, locale, availability }), [schemaOf, i18n, now, locale, availability]);
  const { pathname } = usePageNavigation();
  const path = pathProp ?? pathname;
  // Without JavaScript the form posts to its page; the server's answer comes back as the echo.
  const echo = useFormEcho(key);
  const [echoed] = useState(() => {
    if (!echo || echo.sent) return null;
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(echo.errors ?? {})) errors[name] = { type: "server", message };
    return {
      values: { ...defaultValues, ...echo.values } as DefaultValues<TIn>,
      errors: (echo.formError ? { ...errors, root: { server: { type: "server", message: echo.formError } } } : errors) as FieldErrors<TIn>,
    };
  });
  const ref = useRef<HTMLFormElement>(null);
  const fields = new Set(Object.keys(empty));
  const isField = (name: string): name is Path<TIn> => fields.has(name);
  const messageOf = (field: string, fallback: string) => {
    const m = Object.hasOwn(messages, field) ? messages[field] : undefined;
    return m ? i18n._(m) : fallback;
  };
  const fieldOf: Readonly<Record<string, string | null>> = spec.fieldOf;

  const reject = (rejection: Rejection, form: FormApi<TIn, TOut>) => {
    let matched = false;
    const seen = new Set<string>();
    for (const [key, message] of Object.entries(rejection.fields)) {
      const name = Object.hasOwn(fieldOf, key) ? fieldOf[key] : null;
      if (!name || !isField(name) || seen.has(name)) continue;
      seen.add(name);
      form.setError(name, { type: "server", message: messageOf(name, message) }, { shouldFocus: !matched });
      matched = true;
    }
    if (matched) return;
    if (unmatchedField)
      form.setError(unmatchedField, { type: "server", message: messageOf(unmatchedField, rejection.message) }, { shouldFocus: true });
    else form.setError("root.server", { type: "server", message: t`We could not accept these details. Please check them and try again.` });
  };

  return (
    <Form<TIn, TOut>
      {...props}
      schema={schema}
      formRef={ref}
      action={pathname}
      defaultValues={echoed?.values ?? defaultValues}
      errors={echoed?.errors}
      after={
        <>
          <Honeypot />
          <VisitorFormHiddenFields form={key} submissionId={echo?.submissionId} />
        </>
      }
      onAttempt={() => reportFormEvent(key, "form_submit")}
      onInvalid={() => reportFormEvent(key, "form_error")}
      onSubmit={async (values, form) => {
        onSubmitStart?.();
        const honeypot = honeypotOf(ref.current);
        const result = await send(values, { path, locale, website: honeypot?.value ?? "" });
        if (result.status === "rejected") {
          reportFormEvent(key, "form_error");
          if (!onRejected?.(result, form)) reject(result, form);
          return;
        }
        // Stored now; a submission queued offline is stored later, when no page may be open to say so.
        if (result.status === "sent") reportFormEvent(key, "form_stored");
        form.reset(empty);
        if (honeypot) honeypot.value = "";
        onDone(result, values);
      }}
    />
  );
}

/** The form-level error the server gave (see `VisitorForm`), as an alert; nothing otherwise. */
export function FormServerError() {
  const { formState } = useFormContext();
  return <ErrorAlert message={formState.errors.root?.server?.message} />;
}

/** The form's submit button: busy while the form is submitting (`loadingText` names it meanwhile). */
export function SubmitButton({ loadingText, ...props }: ButtonProps & { loadingText: string }) {
  const { formState } = useFormContext();
  return <Button type="submit" colorPalette="brand" size="lg" loading={formState.isSubmitting} loadingText={loadingText} {...props} />;
}

/**
 * The live region a visitor form's thanks appear in (beside the form, so it outlives a form that
 * goes away): when it gets content, it is scrolled into view and focused (`useReveal`).
 */
export function FormThanks({ children, ...props }: BoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  useReveal(ref, Boolean(children));
  return (
    <Box role="status" aria-live="polite" ref={ref} tabIndex={-1} outline="none" scrollMarginBlock="6rem" {...props}>
      {children}
    </Box>
  );
}

/** A success alert for `FormThanks`; `queued` is added when the details wait in the browser's outbox. */
export function SuccessAlert({
  title,
  queued,
  children,
  ...props
}: Omit<AlertRootProps, "title"> & { title: ReactNode; queued?: ReactNode }) {
  return (
    <Alert.Root status="success" {...props}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          {children}
          {queued ? <> {queued}</> : null}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
