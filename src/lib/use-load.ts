import { useCallback, useEffect, useState } from "react";

type LoadStatus = "loading" | "failed" | "ready";

/**
 * A screen's data, loaded on mount and again on demand (a retry, after a change): `fetch` stores what it
 * loads and throws on failure; `status` says where the last load is. `fetch` must keep its identity
 * between renders (wrap it in `useCallback`), or every render loads again.
 */
export function useLoad(fetch: () => Promise<void>) {
  const [status, setStatus] = useState<LoadStatus>("loading");
  const load = useCallback(async () => {
    setStatus("loading");
    try {
      await fetch();
      setStatus("ready");
    } catch {
      setStatus("failed");
    }
  }, [fetch]);
  useEffect(() => {
    void load();
  }, [load]);
  return { status, load };
}
