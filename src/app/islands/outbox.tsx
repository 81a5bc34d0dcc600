import { useState } from "react";
import { OutboxNotice } from "@/components/forms/outbox-notice";
import type { FreeSlot, OutboxNotice as Notice } from "@/lib/submit/outbox";
import { getOutbox, submitForm } from "@/lib/submit/submit";
import { useOutbox, useOutboxNotices } from "@/lib/submit/use-outbox";

/**
 * Delivers what the outbox holds (from this visit or an earlier one) and says so while anything waits;
 * shows what became of queued submissions the server did not store as sent (docs/product.md#submit).
 * Picking one of the free times a lost booking offers books it: a new submission with the same details
 * and the new time, through the outbox (the server adds it to the same lead).
 */
export function Outbox() {
  const pending = useOutbox();
  const notices = useOutboxNotices();
  const [busy, setBusy] = useState<string | null>(null);

  const pick = async (n: Notice, slot: FreeSlot) => {
    if (busy) return;
    setBusy(n.id);
    const box = getOutbox();
    try {
      const { bookingConflict: _ignored, ...details } = n.envelope.payload;
      const r = await submitForm(
        "demo_booking",
        { ...details, demoDate: slot.date, demoTime: slot.time },
        { path: n.envelope.path, locale: n.envelope.locale },
      );
      if (r.status === "sent" || r.status === "queued") {
        box.updateNotice(n.id, (x) => ({ ...x, kind: "rebooked", booked: slot, queued: r.status === "queued" }));
      } else if (r.httpStatus === 409) {
        box.updateNotice(n.id, (x) => ({ ...x, retaken: true, requested: slot, nextSlots: r.nextSlots ?? [] }));
      } else {
        box.updateNotice(n.id, (x) => ({ ...x, kind: "refused", status: r.httpStatus, message: r.message, fields: r.fields }));
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <OutboxNotice
      pending={pending}
      notices={notices}
      busy={busy}
      onPick={(n, s) => void pick(n, s)}
      onDismiss={(id) => getOutbox().dismissNotice(id)}
    />
  );
}
