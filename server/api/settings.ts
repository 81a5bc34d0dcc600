/**
 * The start-up's first step: the API's settings from the environment, checked before the database is
 * opened, so a bad one fails at once with a message that names it.
 */
import { passwordProblem } from "./password-policy.ts";
import { type RateLimitRule, parseRateLimit } from "./rate-limit.ts";

export interface ApiSettings {
  /** Form submissions per client address (SUBMIT_RATE_LIMIT; null: no limit). */
  submitLimit: RateLimitRule | null;
  signInLimit: RateLimitRule;
  signInIpLimit: RateLimitRule;
  signInAccountLimit: RateLimitRule;
  refreshIpLimit: RateLimitRule;
  recoverIpLimit: RateLimitRule;
  recoverEmailLimit: RateLimitRule;
  inviteLimit: RateLimitRule;
  jwtExpirySeconds: number;
  /** JWT_SECRET (or the option that overrides it): the database step decides the secret (server/db/prepare.ts). */
  jwtFromEnv: string | undefined;
  /** READY_TIMEOUT_MS and READY_DAMAGE_HOLD_MS (server/ops/health.ts). */
  readyTimeoutMs: number;
  damageHoldMs: number;
}

/** A limit that can be turned off ("off" or "0"): then it is one no one reaches. */
const NO_LIMIT: RateLimitRule = { limit: 1e9, windowSeconds: 1 };

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, unit: string): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number of ${unit} between ${min} and ${max}`);
  }
  return value;
}

export async function checkSettings(env: NodeJS.ProcessEnv, jwtSecret?: string): Promise<ApiSettings> {
  const rule = (name: string, limit: number, windowSeconds: number) => parseRateLimit(env[name], { limit, windowSeconds }) ?? NO_LIMIT;
  const settings: ApiSettings = {
    submitLimit: parseRateLimit(env.SUBMIT_RATE_LIMIT, { limit: 10, windowSeconds: 60 }),
    signInLimit: rule("AUTH_SIGNIN_RATE_LIMIT", 5, 900),
    signInIpLimit: rule("AUTH_SIGNIN_IP_RATE_LIMIT", 30, 900),
    signInAccountLimit: rule("AUTH_SIGNIN_ACCOUNT_RATE_LIMIT", 10, 900),
    refreshIpLimit: rule("AUTH_REFRESH_RATE_LIMIT", 150, 300),
    recoverIpLimit: rule("AUTH_RECOVER_IP_RATE_LIMIT", 10, 3600),
    recoverEmailLimit: rule("AUTH_RECOVER_EMAIL_RATE_LIMIT", 3, 3600),
    inviteLimit: rule("TEAM_INVITE_RATE_LIMIT", 30, 3600),
    jwtExpirySeconds: wholeNumber(env, "JWT_EXPIRY", 3600, 1, 604800, "seconds"),
    jwtFromEnv: jwtSecret ?? env.JWT_SECRET,
    readyTimeoutMs: wholeNumber(env, "READY_TIMEOUT_MS", 1000, 50, 60_000, "milliseconds"),
    damageHoldMs: wholeNumber(env, "READY_DAMAGE_HOLD_MS", 15_000, 0, 3_600_000, "milliseconds"),
  };
  if (settings.jwtFromEnv && settings.jwtFromEnv.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
  if (env.ADMIN_PASSWORD) {
    const problem = await passwordProblem(env.ADMIN_PASSWORD);
    if (problem) throw new Error(`ADMIN_PASSWORD is not accepted: ${problem}`);
  }
  return settings;
}
