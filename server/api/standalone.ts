/**
 * Runs only the Supabase-compatible API on HOST:PORT (tests, benchmarks, or an API-only process).
 * Prints `listening on http://HOST:PORT` once ready.
 */
import express from "express";
import { trustProxySetting } from "./client-address.ts";
import { createApi } from "./index.ts";

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 0);
const dataDir = process.env.DATA_DIR ?? ".data";
const started = performance.now();

const app = express();
app.set("trust proxy", trustProxySetting(process.env.TRUST_PROXY));
app.disable("x-powered-by");

const log = {
  info: (m: string, e?: object) => console.log(m, e ? JSON.stringify(e) : ""),
  warn: (m: string, e?: object) => console.warn(m, e ? JSON.stringify(e) : ""),
  error: (m: string, e?: object) => console.error(m, e ? JSON.stringify(e) : ""),
};

try {
  const placeholder = `http://${host}:${port}`;
  const api = await createApi({
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    siteUrl: process.env.PUBLIC_URL ?? placeholder,
    env: process.env,
    log,
  });
  app.use(api.router);
  app.use((_req, res) => {
    res.status(404).json({ message: "not found" });
  });
  const server = app.listen(port, host, () => {
    const addr = server.address();
    const actual = typeof addr === "object" && addr ? addr.port : port;
    console.log(`listening on http://${host}:${actual}`);
    console.log(`ready in ${Math.round(performance.now() - started)} ms`);
  });
  const stop = async () => {
    server.close();
    await api.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
