/**
 * The API's part of first boot, run by the database step under the first-boot lock (server/db/prepare.ts):
 * the first administrator, and on PostgreSQL the table where the rate limits count (shared-limits.ts).
 */
import type { Database } from "../db/database.ts";
import type { Logger } from "../ops/log.ts";
import { prepareLimitTable } from "./shared-limits.ts";
import { ensureUser, generatePassword } from "./users.ts";

/** What first boot did for the API: the administrator it created (their email), if any. */
export async function apiFirstBoot(db: Database, env: NodeJS.ProcessEnv, log: Logger): Promise<{ adminCreated: string | null }> {
  const adminCreated = await ensureFirstAdmin(db, env, log);
  if (db.kind === "postgres") await prepareLimitTable(db);
  return { adminCreated };
}

/**
 * The first administrator: from ADMIN_EMAIL / ADMIN_PASSWORD when there is none yet; without a
 * password, a strong one is generated and printed once (it is never stored in clear anywhere).
 */
async function ensureFirstAdmin(db: Database, env: NodeJS.ProcessEnv, log: Logger): Promise<string | null> {
  const r = await db.query<{ n: number }>("select count(*)::int as n from public.administrators");
  if ((r.rows[0]?.n ?? 0) > 0) return null;
  const email = (env.ADMIN_EMAIL ?? "").trim() || "admin@localhost.localdomain";
  const given = env.ADMIN_PASSWORD ?? "";
  const password = given || generatePassword();
  const result = await db.transaction((tx) => ensureUser(tx, email, password, { admin: true, resetPassword: true }));
  if (given) {
    log.info(`Administrator ${result.email} is ready (password from ADMIN_PASSWORD).`);
  } else {
    const banner = [
      "",
      "==================================================================",
      " First administrator created. This password is shown only once:",
      `   email:    ${result.email}`,
      `   password: ${password}`,
      " Sign in at /admin/login and keep it somewhere safe. To add or reset",
      " an administrator later: npm run admin:create -- <email>",
      "==================================================================",
      "",
    ].join("\n");
    log.warn(banner);
  }
  return result.email;
}
