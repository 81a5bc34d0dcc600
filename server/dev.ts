/** Development: Vite in middleware mode with hot reload, the API on the same port. */
import { execFileSync } from "node:child_process";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { startServer } from "./app.ts";

// The mail templates and catalogs the server loads, compiled as in production (scripts/build-mail.mjs).
execFileSync(process.execPath, ["scripts/build-mail.mjs"], { stdio: "inherit", cwd: new URL("..", import.meta.url) });

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const running = await startServer({
  before: [vite.middlewares],
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
console.log(`dev server on ${running.url}`);
