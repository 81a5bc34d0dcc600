import { Field, Text, Textarea } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { isolate, slotLabelParts } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import type { AgendaRow } from "../api/agenda";

interface CancelBookingDialogProps {
  /** The booking to cancel; null closes the dialog. */
  row: AgendaRow | null;
  timeZone: string;
  busy?: boolean;
  error?: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Confirms a cancellation; the visitor is emailed (in their language, with a calendar cancellation). */
export function CancelBookingDialog({ row, timeZone, busy = false, error, onClose, onConfirm }: CancelBookingDialogProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const [reason, setReason] = useState("");
  useEffect(() => setReason(""), [row?.id]);
  // The visitor's name is user content: isolated, so a name in the other direction cannot reorder the sentence.
  const name = isolate(row?.full_name || row?.email || "");
  // Arabic separates with its own comma (،).
  const comma = locale === "ar" ? "، " : ", ";
  const when = row
    ? `${new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", timeZone }).format(new Date(row.starts_at))}${comma}${isolate(slotLabelParts(new Date(row.starts_at), timeZone, null, locale).business)}`
    : "";
  return (
    <ConfirmDialog
      open={row !== null}
      title={<Trans>Cancel this demo?</Trans>}
      description={t`The demo with ${name} on ${when} will be cancelled and the slot freed. ${name} gets an email in their language with a calendar update.`}
      cancelLabel={<Trans>Keep the demo</Trans>}
      confirmLabel={<Trans>Cancel the demo</Trans>}
      pendingLabel={t`Cancelling…`}
      pending={busy}
      onCancel={onClose}
      onConfirm={() => onConfirm(reason)}
    >
      <Field.Root>
        <Field.Label>
          <Trans>Reason (optional, not sent to the visitor)</Trans>
        </Field.Label>
        <Textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} rows={2} />
      </Field.Root>
      <ErrorAlert message={error} />
      <Text fontSize="sm" color="fg.muted">
        <Trans>This cannot be undone; to meet later, book a new time with the visitor.</Trans>
      </Text>
    </ConfirmDialog>
  );
}
