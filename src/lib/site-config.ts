/**
 * Everything the product rules (docs/product.md#overview) leave open about the business itself: its name, its numbers and its social
 * profiles. The defaults are deliberately unusable for real contact: phone numbers are in the
 * North-American 555-01xx range reserved for fiction, and social links point at example.com.
 * Set the SITE_* environment variables (see README) before going live; the server reads them at
 * start-up and hands them to the pages, so no rebuild is needed.
 */
export interface SiteConfig {
  /** Product name as written in each language (the wordmark). */
  name: { en: string; ar: string };
  /** The call-us number, E.164 ("+16135550142"). */
  phone: string;
  /** The WhatsApp number, E.164. */
  whatsapp: string;
  /** Two social profiles shown in the footer. */
  social: { linkedin: string; instagram: string };
  /** Public origin used for canonical URLs, sitemaps and share cards ("https://example.com"). */
  publicUrl: string | null;
  /** Where visitor audio recordings are posted (docs/product.md#demo); null means the site's own endpoint. */
  audioWebhookUrl: string | null;
  /** The business time zone (IANA name, BUSINESS_TIME_ZONE): scheduled posts are entered in it. */
  businessTimeZone: string;
  /**
   * Days a demo call recording is kept before it is deleted (AUDIO_RETENTION_DAYS, server/jobs/recording-retention.ts);
   * the upload step and the privacy policy state it.
   */
  audioRetentionDays: number;
}

export const defaultSiteConfig: SiteConfig = {
  name: { en: "Wasla", ar: "وصلة" },
  phone: "+16135550142",
  whatsapp: "+16135550199",
  social: {
    linkedin: "https://www.example.com/wasla/linkedin",
    instagram: "https://www.example.com/wasla/instagram",
  },
  publicUrl: null,
  audioWebhookUrl: null,
  businessTimeZone: "Asia/Dubai",
  audioRetentionDays: 30,
};

/** Whole days from 1 to 3650 (the server refuses to start with anything else). */
function days(value: string | undefined): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 && n <= 3650 ? n : null;
}

/** An IANA time zone this runtime knows, or null. */
function timeZone(value: string | undefined): string | null {
  const zone = value?.trim();
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const E164 = /^\+[1-9]\d{6,14}$/;

function url(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString().replace(/\/$/, "") : null;
  } catch {
    return null;
  }
}

/** Reads the site configuration from environment variables, falling back to the defaults. */
export function siteConfigFromEnv(env: Record<string, string | undefined>): SiteConfig {
  const phone = env.SITE_PHONE?.replace(/[\s()-]/g, "");
  const whatsapp = env.SITE_WHATSAPP?.replace(/[\s()-]/g, "");
  return {
    name: {
      en: env.SITE_NAME_EN?.trim() || defaultSiteConfig.name.en,
      ar: env.SITE_NAME_AR?.trim() || defaultSiteConfig.name.ar,
    },
    phone: phone && E164.test(phone) ? phone : defaultSiteConfig.phone,
    whatsapp: whatsapp && E164.test(whatsapp) ? whatsapp : defaultSiteConfig.whatsapp,
    social: {
      linkedin: url(env.SITE_LINKEDIN_URL) ?? defaultSiteConfig.social.linkedin,
      instagram: url(env.SITE_INSTAGRAM_URL) ?? defaultSiteConfig.social.instagram,
    },
    publicUrl: url(env.PUBLIC_URL),
    audioWebhookUrl: url(env.AUDIO_WEBHOOK_URL),
    businessTimeZone: timeZone(env.BUSINESS_TIME_ZONE) ?? defaultSiteConfig.businessTimeZone,
    audioRetentionDays: days(env.AUDIO_RETENTION_DAYS) ?? defaultSiteConfig.audioRetentionDays,
  };
}

/** "tel:" link for a number. */
export const telHref = (e164: string) => `tel:${e164}`;

/** A WhatsApp chat link with a prefilled message. */
export const whatsappHref = (e164: string, text: string) => `https://wa.me/${e164.replace(/^\+/, "")}?text=${encodeURIComponent(text)}`;
