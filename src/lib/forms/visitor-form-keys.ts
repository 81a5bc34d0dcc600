/**
 * The names a visitor form goes by without JavaScript (docs/product.md#submit), with no imports: the page
 * cache and its threads (server/site/page-cache.ts) read them too.
 */
const VISITOR_FORM_KEYS = ["sales_lead", "demo_booking", "article_booking", "newsletter"] as const;
export type VisitorFormKey = (typeof VISITOR_FORM_KEYS)[number];
export const isVisitorFormKey = (value: unknown): value is VisitorFormKey =>
  typeof value === "string" && (VISITOR_FORM_KEYS as readonly string[]).includes(value);

/** The query parameter of the page a stored submission redirects to (no personal data: the form's key only). */
export const SENT_PARAM = "sent";
