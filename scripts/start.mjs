#!/usr/bin/env node
/**
 * `npm start`: on a fresh clone installs dependencies, builds the site, then starts the one server
 * (pages + Supabase-compatible API), prints its address, and keeps it running: if the server ever dies
 * it is restarted with a log line saying why (scripts/lib/supervise.mjs). PORT and HOST choose where it
 * listens; SITE=off serves the API alone (no build needed).
 */
import { ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";
import { supervise } from "./lib/supervise.mjs";
import { SERVER_ARGS } from "./lib/server-command.mjs";

await ensureDependencies();
if (process.env.SITE !== "off") ensureBuild();

const code = await supervise({
  command: process.execPath,
  args: SERVER_ARGS,
  cwd: root,
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(code);
