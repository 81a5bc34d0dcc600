/**
 * First-boot work on a shared PostgreSQL: several servers may start at the same instant on one empty
 * database (docker-compose, a rolling deploy). Migrations, the sample posts, the first administrator and
 * the JWT secret are then done by one server at a time, under a session-level advisory lock; the ones
 * that wait find the work done and only read it. With PGlite the data directory's lock already makes one
 * process the only one (server/db/lock.ts), so the lock is a no-op there.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Database, Queryable } from "./database.ts";

/** The advisory lock key of first-boot work (the migration steps use 727274001 and 727274002). */
const FIRST_BOOT_LOCK = 727274000;

export function withFirstBootLock<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  return db.withLock ? db.withLock(FIRST_BOOT_LOCK, fn) : fn();
}

/** Whether the database holds the table of applied migrations (false: an empty database). */
export async function isMigrated(db: Pick<Queryable, "query">): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>("select to_regclass('supabase_migrations.schema_migrations') is not null as ok");
  return r.rows[0]?.ok === true;
}

class JwtSecretMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JwtSecretMismatchError";
  }
}

const fingerprint = (secret: string) => createHash("sha256").update(`wasla-jwt-secret:${secret}`).digest("hex");

/**
 * The JWT secret every server on this PostgreSQL signs with (call it under withFirstBootLock).
 *
 * - JWT_SECRET set: used as given. The database keeps its fingerprint (never the secret itself) and a
 *   server whose JWT_SECRET differs from the one the database knows refuses to start, instead of
 *   issuing tokens the other servers reject.
 * - JWT_SECRET unset: the secret stored in the database (embedded.meta) on first boot, by whichever
 *   server got there first. A database upgraded from a single server adopts that server's
 *   `<DATA_DIR>/jwt-secret`, so its sessions and API keys stay valid; otherwise a new one is made.
 * - A database without embedded.meta (a hosted Supabase project): JWT_SECRET is required.
 */
export async function sharedJwtSecret(db: Queryable, opts: { fromEnv?: string; dataDir: string }): Promise<string> {
  const has = await db.query<{ ok: boolean }>("select to_regclass('embedded.meta') is not null as ok");
  const given = opts.fromEnv ?? "";
  if (given && given.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
  if (!has.rows[0]?.ok) {
    if (!given) throw new Error("This database has no embedded.meta table (a hosted Supabase project?): set JWT_SECRET to its JWT secret.");
    return given;
  }
  const stored = new Map(
    (
      await db.query<{ key: string; value: string }>(
        "select key, value from embedded.meta where key in ('jwt_secret', 'jwt_secret_sha256')",
      )
    ).rows.map((r) => [r.key, r.value]),
  );
  const storedPrint = stored.get("jwt_secret_sha256") ?? (stored.get("jwt_secret") ? fingerprint(stored.get("jwt_secret")!) : null);
  if (given) {
    if (storedPrint && storedPrint !== fingerprint(given)) {
      throw new JwtSecretMismatchError(
        "JWT_SECRET differs from the secret the other servers on this database use (its fingerprint is stored in embedded.meta). " +
          "Every server must use the same one: set the same JWT_SECRET on all of them, or unset it to use the one the database holds.",
      );
    }
    if (!storedPrint) await remember(db, "jwt_secret_sha256", fingerprint(given));
    return given;
  }
  const secret = stored.get("jwt_secret");
  if (secret) return secret;
  if (storedPrint) {
    throw new JwtSecretMismatchError(
      "The other servers on this database sign with a JWT_SECRET given in their environment: set the same JWT_SECRET here.",
    );
  }
  const file = join(opts.dataDir, "jwt-secret");
  const local = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  const chosen = local.length >= 32 ? local : randomBytes(48).toString("base64url");
  await remember(db, "jwt_secret", chosen);
  await remember(db, "jwt_secret_sha256", fingerprint(chosen));
  // Another server may have stored one between our read and our write (outside the lock): read it back.
  const r = await db.query<{ value: string }>("select value from embedded.meta where key = 'jwt_secret'");
  return r.rows[0]?.value ?? chosen;
}

const remember = (db: Queryable, key: string, value: string) =>
  db.query("insert into embedded.meta (key, value) values ($1, $2) on conflict (key) do nothing", [key, value]);

/** The stored secret, for the command-line tools (null when the database holds none). */
export async function storedJwtSecret(db: Queryable): Promise<string | null> {
  const has = await db.query<{ ok: boolean }>("select to_regclass('embedded.meta') is not null as ok");
  if (!has.rows[0]?.ok) return null;
  const r = await db.query<{ value: string }>("select value from embedded.meta where key = 'jwt_secret'");
  return r.rows[0]?.value ?? null;
}

/**
 * The JWT secret: JWT_SECRET when set (at least 32 characters, as Supabase requires), otherwise one
 * generated on first use and kept in `<dataDir>/jwt-secret` (mode 0600).
 */
export function loadJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < 32) throw new Error("JWT_SECRET must be at least 32 characters long");
    return fromEnv;
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const s = readFileSync(file, "utf8").trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // Exclusive create: if another process made one first, use that one.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length < 32) throw new Error(`${file} holds no usable JWT secret; remove it to generate a new one`);
    return existing;
  }
  return secret;
}
