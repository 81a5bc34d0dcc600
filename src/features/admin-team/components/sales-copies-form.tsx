import { Button, Checkbox, Field, Heading, Stack, Text, Textarea } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import type { SalesCopies } from "../api/sales-copies";
import { CheckboxControl } from "@/components/forms/checkbox-control";

const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+$/;

/** Splits what the owner typed into addresses (commas, spaces or lines), or the first invalid one. */
function parseRecipients(text: string): { recipients: string[]; invalid: string | null } {
  const recipients = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { recipients, invalid: recipients.find((a) => !EMAIL.test(a)) ?? null };
}

/**
 * Admin → Team → Copies of lead mail (owners, docs/mail.md#copies): who else receives every new lead and
 * booking, whether the server's SALES_NOTIFY_EMAIL stays on the list, and whether they are copied on
 * assignment and overdue emails.
 */
export function SalesCopiesForm({
  value,
  saving = false,
  error,
  onSave,
}: {
  value: SalesCopies | null;
  saving?: boolean;
  error?: string | null;
  onSave: (c: SalesCopies) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [includeEnv, setIncludeEnv] = useState(true);
  const [copyAssignments, setCopyAssignments] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    setText(value.recipients.join(", "));
    setIncludeEnv(value.includeEnvDefault);
    setCopyAssignments(value.copyAssignments);
  }, [value]);
  const box = (checked: boolean, set: (v: boolean) => void, label: ReactNode) => (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => set(e.checked === true)} disabled={!value}>
      <Checkbox.HiddenInput />
      <CheckboxControl />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
  return (
    <Stack
      as="form"
      layerStyle="panel"
      p="5"
      gap="4"
      aria-labelledby="sales-copies-title"
      data-testid="sales-copies"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseRecipients(text);
        setInvalid(parsed.invalid);
        if (parsed.invalid) return;
        onSave({ recipients: parsed.recipients, includeEnvDefault: includeEnv, copyAssignments });
      }}
    >
      <Heading as="h2" size="md" id="sales-copies-title">
        <Trans>Copies of lead mail</Trans>
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        <Trans>
          Each new lead and demo goes to the person it is assigned to. These addresses also receive the notification of every new lead and
          booking.
        </Trans>
      </Text>
      <Field.Root invalid={invalid !== null}>
        <Field.Label>
          <Trans>Addresses (separated by commas)</Trans>
        </Field.Label>
        <Textarea dir="ltr" rows={2} value={text} onChange={(e) => setText(e.target.value)} disabled={!value} />
        {invalid ? <Field.ErrorText>{t`Not an email address: ${invalid}`}</Field.ErrorText> : null}
      </Field.Root>
      {box(includeEnv, setIncludeEnv, <Trans>Also send to the server's default address (SALES_NOTIFY_EMAIL)</Trans>)}
      {box(copyAssignments, setCopyAssignments, <Trans>Copy them on assignment and overdue emails too</Trans>)}
      {error ? (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      ) : null}
      <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving} loadingText={t`Saving…`} disabled={!value}>
        <Trans>Save the copies</Trans>
      </Button>
    </Stack>
  );
}
