/** /functions/v1: the Edge Functions this project has, run in-process. One file per function. */
import express from "express";
import type { Database } from "../../db/database.ts";
import { handler } from "../http.ts";
import type { RateLimitRule } from "../rate-limit.ts";
import { type LimiterFactory, memoryLimiters } from "../shared-limits.ts";
import type { FunctionsContext } from "./context.ts";
import { BOOKING_MANAGE_ERRORS, bookingManage } from "./booking-manage.ts";
import { BOOKING_SLOTS_ERRORS, bookingSlots } from "./booking-slots.ts";
import { makeBusy, makeMarkets, makeStore } from "./store.ts";
import { SUBMIT_FORM_ERRORS, submitForm } from "./submit-form.ts";
import { TEAM_INVITE_ERRORS, teamInvite } from "./team-invite.ts";

interface FunctionsDeps {
  db: Database;
  jwtSecret: string;
  /** Form submissions per client address in a window (null: no limit). */
  submitLimit: RateLimitRule | null;
  /** Team invitations per owner in a window. */
  inviteLimit: RateLimitRule;
  /** Where the limits count (shared-limits.ts; default: in this process). */
  limiters?: LimiterFactory;
  /** The clock of the form and booking rules (tests). */
  now?: () => Date;
  onMailQueued?(): void;
  onError(e: unknown): void;
  log(msg: string, extra?: object): void;
}

export function functionsRouter(deps: FunctionsDeps) {
  const router = express.Router();
  const ms = deps.now ? () => deps.now!().getTime() : Date.now;
  const ctx: FunctionsContext = {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    now: deps.now,
    markets: makeMarkets(deps.db),
    store: makeStore(deps.db),
    busy: makeBusy(deps.db),
    submission: { markets: makeMarkets(deps.db, { reserved: true }), busy: makeBusy(deps.db, { reserved: true }) },
    submitLimiter: deps.submitLimit ? (deps.limiters ?? memoryLimiters)("submit", deps.submitLimit, ms) : null,
    onMailQueued: deps.onMailQueued,
    log: deps.log,
  };
  const invites = {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    invites: (deps.limiters ?? memoryLimiters)("invite", deps.inviteLimit, ms),
    onMailQueued: deps.onMailQueued,
  };

  // The functions run on the shared context; each answers every method itself (CORS preflight, 405).
  const shared = [
    ["/booking-slots", BOOKING_SLOTS_ERRORS, bookingSlots],
    ["/booking-manage", BOOKING_MANAGE_ERRORS, bookingManage],
    ["/submit-form", SUBMIT_FORM_ERRORS, submitForm],
  ] as const;
  for (const [path, errors, run] of shared)
    router.all(
      path,
      handler(errors, deps.onError, (req, res) => run(ctx, req, res)),
    );
  router.post(
    "/team-invite",
    handler(TEAM_INVITE_ERRORS, deps.onError, (req, res) => teamInvite(invites, req, res)),
  );
  router.all("/team-invite", (req, res) => {
    req.resume();
    res.status(405).setHeader("Allow", "POST").json({ error: "method_not_allowed", message: "Use POST" });
  });

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ code: "NOT_FOUND", message: "Requested function was not found" });
  });
  // The pages' own form posts (server/site/form-post.ts) count against the same limit as submit-form.
  return Object.assign(router, { submitLimiter: ctx.submitLimiter });
}
