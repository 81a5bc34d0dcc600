/**
 * How a visitor form reports what happened to it (docs/analytics.md): a DOM event on `document`, which the
 * page's boot script turns into a beacon (beacon-source.ts), unless the visitor asked not to be tracked.
 * Nothing is sent from here, so a form in a story or a test reports without any network.
 */
import { FORM_EVENT, type FormEventKind } from "./wire";

export function reportFormEvent(form: string, kind: Exclude<FormEventKind, "form_start">): void {
  if (typeof document === "undefined") return;
  document.dispatchEvent(new CustomEvent(FORM_EVENT, { detail: { k: kind, f: form } }));
}
