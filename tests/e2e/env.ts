/** The configuration of the server the end-to-end tests run against. */
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_DATA_DIR = path.resolve(`.tmp/e2e-data-${E2E_PORT}`);
export const E2E_ADMIN = { email: "admin@e2e.test", password: "E2e-admin-password-2026!" };
/** A test-only secret so the tests can mint a service-role key to check what was stored. */
export const E2E_JWT_SECRET = "e2e-only-secret-that-is-long-enough-for-hs256-0123456789";

export const E2E_ENV: Record<string, string> = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(E2E_PORT),
  DATA_DIR: E2E_DATA_DIR,
  JWT_SECRET: E2E_JWT_SECRET,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SUBMIT_RATE_LIMIT: "1000/60",
  AUDIO_UPLOAD_RATE_LIMIT: "1000/3600",
  LOG_LEVEL: "warn",
  // Analytics (docs/analytics.md): roll up every second so the admin page shows a visit at once; every test
  // comes from one address.
  ANALYTICS_ROLLUP_MS: "1000",
  ANALYTICS_RATE_LIMIT: "10000/60",
  ...(process.env.PAGE_CACHE ? { PAGE_CACHE: process.env.PAGE_CACHE } : {}),
  PATH: process.env.PATH ?? "",
};
