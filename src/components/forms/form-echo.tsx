/**
 * Visitor forms without JavaScript (docs/product.md#submit): each is a real `<form method="post">` to its
 * page with named inputs, and the server answers a post by rendering the page again with what it decided
 * for the form (`FormEcho`): the visitor's values and the errors beside them, or, after the redirect
 * that follows a stored submission (`?sent=<form>`), the form's success.
 *
 * The server hands the echo down with `FormEchoContext` (src/app/entry.server.tsx); in the browser only
 * the success can apply, read from the address, so an island hydrates into what the server rendered.
 */
import { createContext, useContext, useState } from "react";
import {
  type FormEcho,
  LOCALE_FIELD,
  SENT_PARAM,
  SUBMISSION_ID_FIELD,
  VISITOR_FORM_FIELD,
  type VisitorFormKey,
  isVisitorFormKey,
} from "@/lib/forms/visitor-forms";
import { useLocale } from "@/lib/i18n/locale-context";

export const FormEchoContext = createContext<FormEcho | null>(null);

/** The success echo a page address carries (`?sent=sales_lead`), or null. */
export function sentEchoOf(search: string): FormEcho | null {
  const sent = new URLSearchParams(search).get(SENT_PARAM);
  return isVisitorFormKey(sent) ? { form: sent, sent: true } : null;
}

/** What the server decided for this form on this response, or null (an ordinary page). */
export function useFormEcho(form: VisitorFormKey): FormEcho | null {
  const provided = useContext(FormEchoContext);
  const [fromAddress] = useState(() => (provided || typeof window === "undefined" ? null : sentEchoOf(window.location.search)));
  const echo = provided ?? fromAddress;
  return echo?.form === form ? echo : null;
}

/** Whether the page shows this form's success (the redirect after a stored submission). */
export const useFormSent = (form: VisitorFormKey) => Boolean(useFormEcho(form)?.sent);

/**
 * The hidden inputs a post needs: which form, the submission's id (empty on a shared page: the server
 * makes one, and a page it renders again carries it so a second post stores nothing new), the language.
 */
export function VisitorFormHiddenFields({ form, submissionId }: { form: VisitorFormKey; submissionId?: string }) {
  const { locale } = useLocale();
  return (
    <>
      <input type="hidden" name={VISITOR_FORM_FIELD} value={form} />
      <input type="hidden" name={SUBMISSION_ID_FIELD} value={submissionId ?? ""} />
      <input type="hidden" name={LOCALE_FIELD} value={locale} />
    </>
  );
}
