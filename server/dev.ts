/** Development: `npm run dev` (server/dev-server.ts). */
import { execFileSync } from "node:child_process";
import { startDevServer } from "./dev-server.ts";

// The mail templates and catalogs the server loads, compiled as in production (scripts/build-mail.mjs).
execFileSync(process.execPath, ["scripts/build-mail.mjs"], { stdio: "inherit", cwd: new URL("..", import.meta.url) });

const running = await startDevServer();
console.log(`dev server on ${running.url}`);
