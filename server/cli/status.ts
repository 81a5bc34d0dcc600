/**
 * npm run supabase:status — the embedded backend's connection settings, like `supabase status -o env`:
 *   API_URL=…  ANON_KEY=…  SERVICE_ROLE_KEY=…
 * Reads DATA_DIR (default .data) or JWT_SECRET, and PUBLIC_URL or HOST/PORT (defaults 127.0.0.1:3000).
 * The keys are deterministic for a given secret, so they match what the running server accepts.
 */
import { resolve } from "node:path";
import { apiKeys, loadJwtSecret } from "../api/jwt.ts";

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const apiUrl = (process.env.PUBLIC_URL || `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`).replace(/\/$/, "");
const secret = loadJwtSecret(resolve(process.env.DATA_DIR || ".data"), process.env.JWT_SECRET);
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
