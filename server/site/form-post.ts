/**
 * Visitor forms without JavaScript (docs/product.md#submit, docs/serving.md): a public page's form posts
 * `application/x-www-form-urlencoded` to the page itself. This handler reads the post with submit-form's
 * body limit, checks it with the form's own rules and messages in the page's language, and stores it
 * through submit-form itself (same handler, rate limit and honeypot). Then post/redirect/get: 303 to
 * the page with `?sent=<form>` (no personal data), whose page shows the form's success; or the page
 * rendered again with the visitor's values and the errors beside them. Every answer is private, no-store.
 */
import { randomUUID } from "node:crypto";
import type { I18n } from "@lingui/core";
import type { Request, RequestHandler, Response } from "express";
import * as v from "valibot";
import type { Availability } from "../../src/lib/booking/availability.ts";
import type { FormMessage } from "../../src/lib/forms/schemas.ts";
import {
  type FormEcho,
  HONEYPOT_FIELD,
  SENT_PARAM,
  SUBMISSION_ID_FIELD,
  THANKS_ANCHOR,
  VISITOR_FORM_FIELD,
  VISITOR_FORM_RULES,
  formPostMessages,
  isVisitorFormKey,
  readPostedValues,
} from "../../src/lib/forms/visitor-forms.ts";
import { type Locale, localeFromPath, stripLocale } from "../../src/lib/i18n/locale.ts";
import { SUBMIT_FORM_MAX_BODY } from "../../supabase/functions/_shared/submit-form-handler.ts";
import { clientAddressOrNull } from "../api/client-address.ts";
import type { Log } from "../ops/log.ts";
import { loadMailI18n } from "../mail/i18n.ts";

const NO_STORE = "private, no-store";
/** More named inputs than any visitor form has, with room to spare; beyond it the post is not a form of ours. */
const MAX_FIELDS = 64;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FormPostOptions {
  /** Renders the page of `req` (as a GET) with the form's echo, with this status and extra headers. */
  render(req: Request, res: Response, echo: FormEcho, status: number, headers?: Record<string, string>): Promise<void>;
  /** Hands an envelope to submit-form (in-process for the embedded API), as from this client. */
  submit(envelope: Record<string, unknown>, req: Request): Promise<globalThis.Response>;
  /** Counts a post that never reaches submit-form (invalid input) against its rate limit. */
  rateLimit?(key: string): Promise<{ ok: true } | { ok: false; retryAfter: number }> | { ok: true } | { ok: false; retryAfter: number };
  now?: () => Date;
  availability?: Availability;
  log: Log;
}

class BadPost extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The body, at most `limit` bytes, as UTF-8 text (a byte sequence that is not UTF-8 is refused). */
async function readForm(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw new BadPost(413, `The form is larger than ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BadPost(413, `The form is larger than ${limit} bytes.`);
    chunks.push(chunk);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BadPost(400, "The form is not valid UTF-8.");
  }
}

/** The first message of each top-level field valibot refused. */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key === "string" && !(key in out)) out[key] = issue.message;
  }
  return out;
}

export function formPostHandler(opts: FormPostOptions): RequestHandler {
  const catalogs = new Map<Locale, I18n>();
  const i18nOf = (locale: Locale) => {
    let i18n = catalogs.get(locale);
    if (!i18n) catalogs.set(locale, (i18n = loadMailI18n(locale)));
    return i18n;
  };

  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    const path = req.path;
    // The admin area has no visitor forms; React Router answers it as usual (405).
    if (/^\/admin(\/|$)/.test(stripLocale(path))) return next();
    try {
      await handle(req, res, path);
    } catch (error) {
      if (error instanceof BadPost) {
        if (!req.readableEnded) req.resume();
        if (error.status === 413) res.setHeader("Connection", "close");
        res.status(error.status).setHeader("Cache-Control", NO_STORE).type("text/plain").send(error.message);
        return;
      }
      next(error);
    }
  };

  async function handle(req: Request, res: Response, path: string) {
    const type = String(req.headers["content-type"] ?? "");
    const charset = /;\s*charset="?([^";\s]+)/i.exec(type)?.[1];
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type) || (charset && !/^utf-?8$/i.test(charset))) {
      throw new BadPost(415, "Send the form as application/x-www-form-urlencoded (UTF-8).");
    }
    const params = new URLSearchParams(await readForm(req, SUBMIT_FORM_MAX_BODY));
    let count = 0;
    for (const [, value] of params) {
      if (++count > MAX_FIELDS || value.includes("\u0000")) throw new BadPost(400, "This is not a form of this site.");
    }
    const key = params.get(VISITOR_FORM_FIELD);
    if (!isVisitorFormKey(key)) throw new BadPost(400, "This is not a form of this site.");

    const locale = localeFromPath(path);
    const i18n = i18nOf(locale);
    const tr = (m: FormMessage) => i18n._(m);
    const rules = VISITOR_FORM_RULES[key];
    const values = readPostedValues(key, params);
    const posted = params.get(SUBMISSION_ID_FIELD) ?? "";
    const submissionId = UUID.test(posted) ? posted.toLowerCase() : randomUUID();
    const again = (status: number, errors: Record<string, string>, formError?: string, headers?: Record<string, string>) => {
      // The newsletter has one field and no form-level message: what goes wrong is said under the email.
      const echo: FormEcho =
        key === "newsletter" && formError
          ? { form: key, values, errors: { email: formError, ...errors }, submissionId }
          : { form: key, values, errors, formError, submissionId };
      return opts.render(req, res, echo, status, { "Cache-Control": NO_STORE, ...headers });
    };

    const parsed = v.safeParse(rules.schema(tr, { now: opts.now, availability: opts.availability }), values);
    if (!parsed.success) {
      // Counted like a submission: re-rendering a page is no cheaper than storing a row.
      const limited = await opts.rateLimit?.(clientAddressOrNull(req) ?? "unknown");
      if (limited && !limited.ok) return rateLimited(limited.retryAfter);
      return again(422, fieldErrors(parsed.issues));
    }

    const payload = (rules.spec.toPayload as (values: unknown) => Record<string, unknown>)(parsed.output);
    const envelope = {
      formType: rules.formType,
      payload,
      path,
      locale,
      submissionId,
      website: params.get(HONEYPOT_FIELD) ?? "",
    };
    let response: globalThis.Response;
    try {
      response = await opts.submit(envelope, req);
    } catch (error) {
      opts.log.error("form post: submit-form failed", { error: String(error) });
      return again(503, {}, tr(formPostMessages.failed), { "Retry-After": "30" });
    }
    const body = (await response.json().catch(() => ({}))) as { fields?: Record<string, string>; retryAfter?: number };
    if (response.status === 200 || response.status === 201) {
      res.status(303).setHeader("Cache-Control", NO_STORE);
      res.setHeader("Location", `${path}?${SENT_PARAM}=${key}#${THANKS_ANCHOR[key]}`);
      res.end();
      return;
    }
    if (response.status === 429) return rateLimited(Number(response.headers.get("retry-after")) || body.retryAfter || 60);
    if (response.status === 409) {
      values.demoTime = ""; // taken: the visitor chooses again
      return again(409, { demoTime: tr(formPostMessages.slotTaken) });
    }
    if (response.status === 400) {
      const errors: Record<string, string> = {};
      const fieldOf: Readonly<Record<string, string | null>> = rules.spec.fieldOf;
      for (const [name, message] of Object.entries(body.fields ?? {})) {
        const field = name.startsWith("payload.") && Object.hasOwn(fieldOf, name.slice(8)) ? fieldOf[name.slice(8)] : null;
        if (!field || field in errors) continue;
        const own = Object.hasOwn(rules.messages, field) ? rules.messages[field] : undefined;
        errors[field] = own ? tr(own) : message;
      }
      return again(422, errors, Object.keys(errors).length ? undefined : tr(formPostMessages.rejected));
    }
    opts.log.error("form post: submit-form answered", { status: response.status, form: key });
    return again(503, {}, tr(formPostMessages.failed), { "Retry-After": "30" });

    function rateLimited(retryAfter: number) {
      return again(429, {}, tr(formPostMessages.rateLimited), { "Retry-After": String(Math.max(1, Math.ceil(retryAfter))) });
    }
  }
}
