import { useEffect, useState } from "react";
import type { OutboxNotice } from "./outbox";
import { getOutbox, startOutbox } from "./submit";

/** Starts the outbox for this page and returns how many submissions are waiting to be delivered. */
export function useOutbox(): number {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    const box = getOutbox();
    setPending(box.pending);
    const unsubscribe = box.subscribe(setPending);
    const stop = startOutbox();
    return () => {
      unsubscribe();
      stop();
    };
  }, []);
  return pending;
}

/** What the visitor must be shown about queued submissions (slot lost, refused, rebooked), live. */
export function useOutboxNotices(): OutboxNotice[] {
  const [notices, setNotices] = useState<OutboxNotice[]>([]);
  useEffect(() => {
    const box = getOutbox();
    setNotices(box.notices());
    const unsubscribe = box.subscribeNotices(setNotices);
    // Another tab (or an earlier page of this visit) changed them.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key.startsWith("wasla.outbox")) setNotices(box.notices());
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return notices;
}

/**
 * Where one submission is: "pending" while it waits in the outbox, "sent" once delivered, "notice"
 * when it left with something the visitor is shown (the outbox notice). Null id: "sent".
 */
export function useSubmissionState(id: string | null | undefined): "pending" | "sent" | "notice" {
  const [state, setState] = useState<"pending" | "sent" | "notice">(() => (id ? getOutbox().stateOf(id) : "sent"));
  useEffect(() => {
    if (!id) return;
    const box = getOutbox();
    const update = () => setState(box.stateOf(id));
    update();
    const a = box.subscribe(update);
    const b = box.subscribeNotices(update);
    return () => {
      a();
      b();
    };
  }, [id]);
  return state;
}
