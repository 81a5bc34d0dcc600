import { describe, expect, it } from "vitest";
import { defaultSiteConfig, siteConfigFromEnv, telHref, whatsappHref } from "./site-config";

describe("site config", () => {
  it("uses fictional defaults", () => {
    const c = siteConfigFromEnv({});
    expect(c).toEqual(defaultSiteConfig);
    expect(c.phone).toMatch(/^\+1\d{3}55501\d{2}$/);
    expect(c.social.linkedin).toContain("example.com");
  });
  it("reads valid overrides and ignores invalid ones", () => {
    const c = siteConfigFromEnv({
      SITE_PHONE: "+971 4 123 4567",
      SITE_WHATSAPP: "not a number",
      SITE_LINKEDIN_URL: "https://linkedin.com/company/acme/",
      SITE_INSTAGRAM_URL: "javascript:alert(1)",
      SITE_NAME_EN: "Acme",
    });
    expect(c.phone).toBe("+97141234567");
    expect(c.whatsapp).toBe(defaultSiteConfig.whatsapp);
    expect(c.social.linkedin).toBe("https://linkedin.com/company/acme");
    expect(c.social.instagram).toBe(defaultSiteConfig.social.instagram);
    expect(c.name).toEqual({ en: "Acme", ar: defaultSiteConfig.name.ar });
  });
  it("reads the business time zone and ignores an unknown one", () => {
    expect(siteConfigFromEnv({ BUSINESS_TIME_ZONE: "America/Toronto" }).businessTimeZone).toBe("America/Toronto");
    expect(siteConfigFromEnv({ BUSINESS_TIME_ZONE: "Mars/Olympus" }).businessTimeZone).toBe("Asia/Dubai");
  });
  it("reads how many days demo recordings are kept (AUDIO_RETENTION_DAYS, default 30)", () => {
    expect(siteConfigFromEnv({}).audioRetentionDays).toBe(30);
    expect(siteConfigFromEnv({ AUDIO_RETENTION_DAYS: "7" }).audioRetentionDays).toBe(7);
    expect(siteConfigFromEnv({ AUDIO_RETENTION_DAYS: "0" }).audioRetentionDays).toBe(30);
    expect(siteConfigFromEnv({ AUDIO_RETENTION_DAYS: "2.5" }).audioRetentionDays).toBe(30);
  });
  it("builds tel and WhatsApp links", () => {
    expect(telHref("+16135550142")).toBe("tel:+16135550142");
    expect(whatsappHref("+16135550199", "Hi there & more")).toBe("https://wa.me/16135550199?text=Hi%20there%20%26%20more");
  });
});
