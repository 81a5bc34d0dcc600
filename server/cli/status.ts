/**
 * npm run supabase:status — the embedded backend's connection settings, like `supabase status -o env`:
 *   API_URL=…  ANON_KEY=…  SERVICE_ROLE_KEY=…
 * Reads JWT_SECRET, else the secret stored in the database (DATABASE_URL) or in DATA_DIR (default .data), and PUBLIC_URL or HOST/PORT (defaults 127.0.0.1:3000).
 * The keys are deterministic for a given secret, so they match what the running server accepts.
 */
import { resolve } from "node:path";
import { apiKeys } from "../api/jwt.ts";
import { loadJwtSecret, storedJwtSecret } from "../db/first-boot.ts";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const apiUrl = (process.env.PUBLIC_URL || `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`).replace(/\/$/, "");
/** With DATABASE_URL the servers share the secret stored in the database (server/db/first-boot.ts). */
async function secretOf(): Promise<string> {
  if (process.env.JWT_SECRET || !process.env.DATABASE_URL)
    return loadJwtSecret(resolve(process.env.DATA_DIR || ".data"), process.env.JWT_SECRET);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const stored = await storedJwtSecret({
      query: (sql, params) => client.query(sql, params) as never,
      exec: async (sql) => void (await client.query(sql)),
    });
    if (!stored) throw new Error("The database holds no JWT secret yet: start the server once, or set JWT_SECRET.");
    return stored;
  } finally {
    await client.end();
  }
}
const secret = await secretOf();
const { anonKey, serviceRoleKey } = apiKeys(secret);

const lines = [
  `API_URL=${apiUrl}`,
  `REST_URL=${apiUrl}/rest/v1`,
  `STORAGE_URL=${apiUrl}/storage/v1`,
  `FUNCTIONS_URL=${apiUrl}/functions/v1`,
  `ANON_KEY=${anonKey}`,
  `SERVICE_ROLE_KEY=${serviceRoleKey}`,
];
if (process.env.DATABASE_URL) {
  const u = new URL(process.env.DATABASE_URL);
  if (u.password) u.password = "****";
  lines.push(`DB_URL=${u.toString()}`);
} else {
  lines.push(`DB_PATH=${resolve(process.env.DATA_DIR || ".data", "pg")}`);
}
console.log(lines.join("\n"));
