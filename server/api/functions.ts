/** /functions/v1: the Edge Functions this project has, run in-process. */
import express, { type Request, type Response } from "express";
import type { Database } from "../db/database.ts";
import {
  SUBMIT_FORM_MAX_BODY,
  handleSubmitForm,
  type StoreOutcome,
  type SubmissionRow,
} from "../../supabase/functions/_shared/submit-form-handler.ts";
import { clientAddress } from "./client-address.ts";
import { withRole } from "./context.ts";
import { HttpError, principal, readBody } from "./http.ts";
import type { RateLimiter } from "./rate-limit.ts";

export interface FunctionsDeps {
  db: Database;
  jwtSecret: string;
  submitLimiter: RateLimiter | null;
  now?: () => Date;
  onError(e: unknown): void;
  log(msg: string, extra?: object): void;
}

export function makeStore(db: Database) {
  return async function store(row: SubmissionRow): Promise<StoreOutcome> {
    return withRole(db, "service_role", { role: "service_role" }, async (tx) => {
      const r = await tx.query<{ id: string }>(
        `insert into public.form_submissions
           (submission_id, form_type, payload, page_path, locale, time_zone, user_agent, client_ip)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict do nothing
         returning id`,
        [row.submission_id, row.form_type, JSON.stringify(row.payload), row.page_path, row.locale, row.time_zone, row.user_agent, row.client_ip],
      );
      if (r.rows.length) return "created";
      const seen = await tx.query("select 1 from public.form_submissions where submission_id = $1", [row.submission_id]);
      return seen.rows.length ? "replayed" : "merged";
    });
  };
}

export function functionsRouter(deps: FunctionsDeps) {
  const router = express.Router();
  const store = makeStore(deps.db);

  router.all("/submit-form", async (req: Request, res: Response) => {
    try {
      principal(req, deps.jwtSecret, "functions");
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        body = await readBody(req, SUBMIT_FORM_MAX_BODY, () =>
          new HttpError(413, { error: "payload_too_large", message: `The submission is larger than ${SUBMIT_FORM_MAX_BODY} bytes` }),
        );
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined) continue;
        headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      }
      headers.delete("content-length");
      const request = new Request(`http://localhost${req.originalUrl}`, { method: req.method, headers, body: body ? new Uint8Array(body) : undefined });
      const ip = clientAddress(req);
      const response = await handleSubmitForm(request, {
        store,
        clientIp: ip === "unknown" ? null : ip,
        rateLimitKey: ip,
        now: deps.now,
        rateLimit: deps.submitLimiter ? (key) => deps.submitLimiter!.hit(key) : undefined,
        log: deps.log,
      });
      res.status(response.status);
      response.headers.forEach((value, key) => {
        if (!key.startsWith("access-control-")) res.setHeader(key, value);
      });
      res.send(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      if (!req.readableEnded) req.resume();
      if (e instanceof HttpError) {
        for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
        res.status(e.status).json(e.body);
        return;
      }
      deps.onError(e);
      res.status(500).json({ error: "internal", message: "The submission could not be stored" });
    }
  });

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ code: "NOT_FOUND", message: "Requested function was not found" });
  });
  return router;
}
