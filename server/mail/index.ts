/**
 * Mail and lead webhooks: what the server adds to the API (see docs/mail.md).
 * `startMail` starts the worker and returns the routes for the newsletter links.
 */
import type { Router } from "express";
import { newsletterRouter } from "./newsletter.ts";
import { type MailWorker, type MailWorkerOptions, startMailWorker } from "./worker.ts";

export interface Mail {
  router: Router;
  worker: MailWorker;
  stop(): Promise<void>;
}

export function startMail(opts: MailWorkerOptions): Mail {
  const worker = startMailWorker(opts);
  const router = newsletterRouter({
    db: opts.db,
    secret: opts.secret,
    onError: (e) => opts.log.error("mail: unexpected error", { error: String(e) }),
  });
  return { router, worker, stop: () => worker.stop() };
}
