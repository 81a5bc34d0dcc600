import { useEffect, useState } from "react";
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
