// GENERATED from src/lib/consent.ts by scripts/functions-domain.mjs: edit the source, then run it.
/**
 * The consent statement's version. Each submission stores the version the visitor saw (with the
 * submission's time and page), so the wording in force at any date can be shown later. Change the
 * version whenever the consent statement, the marketing checkbox or the privacy policy's
 * "what we collect" section changes.
 */
export const CONSENT_VERSION = "2026-11-23";
