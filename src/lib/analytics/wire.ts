/** The beacon's names, with no imports: the boot script's text, the forms and the server share them (docs/analytics.md). */
export const EVENT_PATH = "/api/event";
/** The DOM event an island dispatches on `document` to report a form event (report.ts); the boot script sends it. */
export const FORM_EVENT = "wasla:form-event";
export type FormEventKind = "form_start" | "form_submit" | "form_stored" | "form_error";
