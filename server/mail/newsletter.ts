/**
 * Newsletter links: confirming a subscription (double opt-in) and leaving it, from the signed links
 * in our messages.
 *   POST /functions/v1/newsletter {action: "confirm" | "unsubscribe", token}   (used by the pages)
 *   POST /newsletter/unsubscribe?token=…  and  /en/newsletter/unsubscribe?token=…
 *        RFC 8058 one-click (body "List-Unsubscribe=One-Click"), or the page's own button.
 */
import express, { type Request, type Response } from "express";
import type { Database } from "../db/database.ts";
import { OUTBOX_REASONS } from "../../src/lib/mail/outbox-reasons.ts";
import { type TokenPurpose, verifyToken } from "./tokens.ts";

type NewsletterOutcome = "confirmed" | "unsubscribed" | "invalid" | "expired";

async function applyNewsletterToken(db: Database, secret: string, action: TokenPurpose, token: unknown): Promise<NewsletterOutcome> {
  const check = verifyToken(secret, token, action);
  if (!check.ok) return check.reason;
  if (action === "confirm") {
    const r = await db.query(
      `update public.newsletter_subscribers
          set status = 'confirmed', confirmed_at = coalesce(confirmed_at, now()), unsubscribed_at = null
        where lower(email) = $1 and status in ('pending', 'confirmed')
        returning id`,
      [check.email],
    );
    // An address that left (or was erased) since the message was sent is not signed up again by an old link.
    return r.rows.length ? "confirmed" : "invalid";
  }
  await db.query(
    `update public.newsletter_subscribers
        set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
      where lower(email) = $1 and status <> 'unsubscribed'`,
    [check.email],
  );
  // Nothing is still queued for someone who left.
  await db.query(
    "update public.mail_outbox set status = 'skipped', last_error = $2 where kind = 'newsletter_confirmation' and lower(recipient) = $1 and status = 'pending'",
    [check.email, OUTBOX_REASONS.unsubscribed],
  );
  return "unsubscribed";
}

export function newsletterRouter(deps: { db: Database; secret: string; onError(e: unknown): void }) {
  const router = express.Router();
  const json = express.json({ limit: "4kb" });
  const form = express.urlencoded({ extended: false, limit: "4kb" });

  router.post("/functions/v1/newsletter", json, async (req: Request, res: Response) => {
    try {
      const body = (req.body ?? {}) as { action?: unknown; token?: unknown };
      if (body.action !== "confirm" && body.action !== "unsubscribe") {
        return void res.status(400).json({ error: "invalid_input", message: "action must be confirm or unsubscribe" });
      }
      const outcome = await applyNewsletterToken(deps.db, deps.secret, body.action, body.token);
      res.setHeader("Cache-Control", "no-store");
      res.status(outcome === "invalid" || outcome === "expired" ? 400 : 200).json({ status: outcome });
    } catch (e) {
      deps.onError(e);
      res.status(500).json({ error: "internal", message: "Could not update the subscription" });
    }
  });

  router.post(["/newsletter/unsubscribe", "/en/newsletter/unsubscribe"], form, async (req: Request, res: Response) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : (req.body as { token?: unknown })?.token;
      const outcome = await applyNewsletterToken(deps.db, deps.secret, "unsubscribe", token);
      const oneClick = (req.body as Record<string, unknown> | undefined)?.["List-Unsubscribe"] === "One-Click";
      res.setHeader("Cache-Control", "no-store");
      if (oneClick) {
        return void res
          .status(outcome === "unsubscribed" ? 200 : 400)
          .type("text/plain")
          .send(outcome === "unsubscribed" ? "Unsubscribed" : "Invalid link");
      }
      const base = req.path.startsWith("/en/") ? "/en/newsletter/unsubscribe" : "/newsletter/unsubscribe";
      res.redirect(303, `${base}?status=${outcome}`);
    } catch (e) {
      deps.onError(e);
      res.status(500).type("text/plain").send("Could not update the subscription");
    }
  });
  return router;
}
