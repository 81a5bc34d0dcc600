/**
 * /auth/v1: the GoTrue subset the site uses — password sign-in, refresh with rotation and reuse
 * detection, user (read, and a new password), logout with scopes, password recovery by email and the
 * verify step of recovery and invitation links. No public sign-up. Failed sign-ins and recovery
 * requests are throttled, and no answer says whether the email exists. One file per endpoint, each
 * with its test beside it; what they share is in context.ts.
 */
import express, { type Request, type Response } from "express";
import { AUTH_ERRORS, apikeyOf, handler } from "../http.ts";
import { verifyJwt } from "../jwt.ts";
import { API_VERSION, createAuthContext, type AuthContext, type AuthDeps } from "./context.ts";
import { logout } from "./logout.ts";
import { recover } from "./recover.ts";
import { token } from "./token.ts";
import { updateUser } from "./update-user.ts";
import { getUser } from "./user.ts";
import { verifyLink, verifyOtp } from "./verify.ts";

/** The gateway's key check: an API key or a bearer token is required, and a key must be ours. */
function requireApiKey(ctx: AuthContext) {
  return async (req: Request, res: Response, next: express.NextFunction) => {
    if (req.method === "GET" && (req.path === "/health" || req.path === "/settings")) return next();
    const key = apikeyOf(req);
    const auth = typeof req.headers.authorization === "string" ? req.headers.authorization : null;
    if (!key && !auth) {
      res.status(401).json({ message: "No API key found in request", hint: "No `apikey` request header or url param was found." });
      return;
    }
    if (key) {
      const v = await verifyJwt(key, ctx.jwtSecret, ctx.now());
      if (!v.ok && v.reason !== "expired") {
        res.status(401).json({ message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." });
        return;
      }
    }
    next();
  };
}

export function authRouter(deps: AuthDeps) {
  const ctx = createAuthContext(deps);
  const router = express.Router();
  const endpoint = (fn: (ctx: AuthContext, req: Request, res: Response) => Promise<void>) =>
    handler(AUTH_ERRORS, ctx.onError, (req, res) => fn(ctx, req, res));

  router.use((_req, res, next) => {
    res.setHeader("X-Supabase-Api-Version", API_VERSION);
    next();
  });
  router.use(requireApiKey(ctx));

  router.post("/token", endpoint(token));
  router.get("/user", endpoint(getUser));
  router.put("/user", endpoint(updateUser));
  router.post("/logout", endpoint(logout));
  router.post("/recover", endpoint(recover));
  router.post("/verify", endpoint(verifyOtp));
  router.get("/verify", endpoint(verifyLink));

  router.post("/signup", (req, res) => {
    req.resume();
    res.status(422).json({ code: "signup_disabled", message: "Signups not allowed for this instance" });
  });
  router.post(["/otp", "/magiclink", "/resend"], (req, res) => {
    req.resume();
    res.status(422).json({ code: "email_provider_disabled", message: "Email logins are disabled" });
  });
  router.get("/settings", (_req, res) => {
    res.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
  });
  router.get("/health", async (_req, res) => {
    const about = { version: "embedded", name: "GoTrue", description: "Embedded GoTrue-compatible subset" };
    // The same checks as /readyz: database reachable, migrations applied, not shutting down.
    const r = await deps.health?.check().catch(() => null);
    if (deps.health && !r?.ready) {
      res.setHeader("Cache-Control", "no-store");
      return void res.status(503).json({ ...about, error: "unhealthy", ...r });
    }
    res.json(about);
  });

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ code: "not_found", message: "Not found" });
  });
  return router;
}
