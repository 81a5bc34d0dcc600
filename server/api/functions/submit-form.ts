/**
 * /functions/v1/submit-form: the shared form handler (supabase/functions/_shared/submit-form-handler.ts,
 * also deployed as an Edge Function) with this server's store, client address and rate limiter.
 */
import type { Request, Response } from "express";
import { SUBMIT_FORM_MAX_BODY, handleSubmitForm } from "../../../supabase/functions/_shared/submit-form-handler.ts";
import { clientAddress, clientAddressOrNull } from "../client-address.ts";
import { functionError, functionErrors, principal, readBody } from "../http.ts";
import { bridge } from "./bridge.ts";
import type { FunctionsContext } from "./context.ts";

export const SUBMIT_FORM_ERRORS = functionErrors("The submission could not be stored");

export async function submitForm(ctx: FunctionsContext, req: Request, res: Response) {
  // The database queued the submission's mail (mail_outbox) with its row: the worker sends it now, not at its next poll.
  res.on("finish", () => ctx.onMailQueued?.());
  principal(req, ctx.jwtSecret, "functions");
  let body: Buffer | undefined;
  if (req.method !== "GET" && req.method !== "HEAD") {
    body = await readBody(req, SUBMIT_FORM_MAX_BODY, () =>
      functionError(413, "payload_too_large", `The submission is larger than ${SUBMIT_FORM_MAX_BODY} bytes`),
    );
  }
  const limiter = ctx.submitLimiter;
  await bridge(req, res, body, (request) =>
    handleSubmitForm(request, {
      store: ctx.store,
      clientIp: clientAddressOrNull(req),
      rateLimitKey: clientAddress(req),
      now: ctx.now,
      markets: ctx.submission.markets,
      busy: ctx.submission.busy,
      rateLimit: limiter ? (key) => limiter.hit(key) : undefined,
      log: ctx.log,
    }),
  );
}
