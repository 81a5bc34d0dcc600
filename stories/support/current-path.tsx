import { useLocation } from "react-router";

/**
 * Where the story's memory router is (path and query), for play functions that check a navigation: a
 * container that leads elsewhere once done (signed in, password saved) renders beside it.
 */
export function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="current-path" hidden>
      {`${pathname}${search}`}
    </output>
  );
}
