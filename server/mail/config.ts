/** The mail worker's settings, from the environment (see README "Mail"). */
export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  salesTo: string[];
  salesLocale: "ar" | "en";
  webhookUrl: string | null;
  webhookSecret: string | null;
  businessTimeZone: string;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /**
   * Seconds a claim lasts without renewal (MAIL_LEASE_SECONDS, default 30). A live worker renews the
   * claims it holds every third of that, so a slow send keeps its claim; the claims of a server that
   * died are taken by another within this time.
   */
  leaseSeconds: number;
  /** Newsletter deliveries handed to SMTP per minute, across every server on the database. */
  newsletterRatePerMinute: number;
  /** How long a worker holds claimed newsletter deliveries before another may take them. */
  newsletterLeaseSeconds: number;
  /** An address that reads unsubscribe requests (List-Unsubscribe mailto); unset: the header has the https link only. */
  unsubscribeMailto: string | null;
}

const EMAIL = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$|^[^\s@,<>]+@localhost$/i;

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

export function mailConfigFromEnv(env: Record<string, string | undefined>): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const salesTo = (env.SALES_NOTIFY_EMAIL ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = salesTo.find((a) => !EMAIL.test(a));
  if (bad) throw new Error(`SALES_NOTIFY_EMAIL has an invalid address: ${bad}`);
  const webhookUrl = env.LEAD_WEBHOOK_URL?.trim() || null;
  if (webhookUrl && !/^https?:\/\//i.test(webhookUrl)) throw new Error("LEAD_WEBHOOK_URL must be an http(s) URL");
  const unsubscribeMailto = env.NEWSLETTER_UNSUBSCRIBE_MAILTO?.trim() || null;
  if (unsubscribeMailto && !EMAIL.test(unsubscribeMailto)) throw new Error("NEWSLETTER_UNSUBSCRIBE_MAILTO must be an email address");
  const businessTimeZone = env.BUSINESS_TIME_ZONE?.trim() || "Asia/Dubai";
  try {
    new Intl.DateTimeFormat("en", { timeZone: businessTimeZone });
  } catch {
    throw new Error(`BUSINESS_TIME_ZONE is not a time zone: ${businessTimeZone}`);
  }
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `"${env.SITE_NAME_EN?.trim() || "Wasla"}" <no-reply@localhost.localdomain>`,
    salesTo,
    salesLocale: env.SALES_NOTIFY_LOCALE === "ar" ? "ar" : "en",
    webhookUrl,
    webhookSecret: env.LEAD_WEBHOOK_SECRET || null,
    businessTimeZone,
    pollMs: positive(env.MAIL_POLL_MS, 1000, "MAIL_POLL_MS"),
    retryBaseMs: positive(env.MAIL_RETRY_BASE_MS, 30_000, "MAIL_RETRY_BASE_MS"),
    maxAttempts: Math.floor(positive(env.MAIL_MAX_ATTEMPTS, 8, "MAIL_MAX_ATTEMPTS")),
    leaseSeconds: positive(env.MAIL_LEASE_SECONDS, 30, "MAIL_LEASE_SECONDS"),
    newsletterRatePerMinute: Math.floor(positive(env.NEWSLETTER_RATE_PER_MINUTE, 600, "NEWSLETTER_RATE_PER_MINUTE")),
    newsletterLeaseSeconds: positive(env.NEWSLETTER_LEASE_SECONDS, 120, "NEWSLETTER_LEASE_SECONDS"),
    unsubscribeMailto,
  };
}

/** Delay before try number `attempt + 1`: base × 2^(attempt−1), at most an hour, ±20 % jitter. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const raw = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * The newsletter throttle: at most `budget` deliveries claimed in any `windowSeconds`. The window is the
 * shortest of 1, 2, 5, 10, 30 or 60 seconds that holds at least 5 deliveries at the configured rate, so
 * sending is smooth at high rates and the rounding stays small at low ones (never above the rate).
 */
export function newsletterWindow(ratePerMinute: number): { windowSeconds: number; budget: number } {
  const windowSeconds = [1, 2, 5, 10, 30, 60].find((w) => (ratePerMinute * w) / 60 >= 5) ?? 60;
  return { windowSeconds, budget: Math.max(1, Math.floor((ratePerMinute * windowSeconds) / 60)) };
}
