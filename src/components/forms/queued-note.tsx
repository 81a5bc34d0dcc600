import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useSubmissionState } from "@/lib/submit/use-outbox";

/**
 * The line a form's thanks add while the details wait in the browser outbox ("… will be sent as soon as
 * the connection returns"); once the outbox has delivered them it says so instead. A submission that left
 * with a message to the visitor (the outbox notice) points there. `id`: the submission's id.
 */
export function QueuedNote({ id, children }: { id: string; children: ReactNode }) {
  const state = useSubmissionState(id);
  if (state === "pending") return <>{children}</>;
  if (state === "notice") return <Trans>There is news about it in the message at the bottom of the page.</Trans>;
  return (
    <span data-testid="queued-note-sent">
      <Trans>It has now been sent.</Trans>
    </span>
  );
}
