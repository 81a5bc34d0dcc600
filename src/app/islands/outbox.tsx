import { OutboxNotice } from "@/components/forms/outbox-notice";
import { useOutbox } from "@/lib/submit/use-outbox";

/** Delivers what the outbox holds (from this visit or an earlier one) and says so while anything waits. */
export function Outbox() {
  return <OutboxNotice pending={useOutbox()} />;
}
