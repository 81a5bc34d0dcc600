import { createContext, useContext, useEffect } from "react";

/**
 * What the visitor changed in a form's controls before it hydrated, by control name (`Form` reads it
 * from the page in a layout effect, before any field's effect runs). The form takes the values itself;
 * a field uses this to run what a change does besides (`useAdoptedChoice`).
 */
export const AdoptedChoicesContext = createContext<ReadonlyMap<string, string | boolean>>(new Map());

/**
 * Once, right after hydration: when the visitor chose something in the control named `name` before the
 * form hydrated, `apply` runs with it, as it would have on the change itself (the lead form's "Other
 * countries" switches the dial codes and the city list; a country sets its dial code). The field's
 * value is already the form's: `apply` is for the side effects.
 */
export function useAdoptedChoice(name: string, apply: ((value: string) => void) | undefined): void {
  const adopted = useContext(AdoptedChoicesContext);
  useEffect(() => {
    const value = adopted.get(name);
    if (typeof value === "string" && value !== "") apply?.(value);
    // Once, right after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
