#!/usr/bin/env node
/**
 * `npm start`: on a fresh clone installs dependencies, builds the site, then starts the one server
 * (pages + Supabase-compatible API) and prints its address. PORT and HOST choose where it listens.
 */
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies, root } from "./lib/setup.mjs";

ensureDependencies();
ensureBuild();

const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
