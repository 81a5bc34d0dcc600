/** Production entry: serves build/ (run `npm run build` first; `npm start` does both). */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { log } from "./log.ts";

// React picks its development or production build when first imported: decide before that.
process.env.NODE_ENV ??= "production";
const { startServer } = await import("./app.ts");

const root = path.resolve(import.meta.dirname, "..");
const serverBuild = path.join(root, "build/server/index.js");
const siteOff = process.env.SITE === "off";

if (!siteOff && !existsSync(serverBuild)) {
  log.error("No build found. Run `npm run build` first (or `npm start`, which builds when needed).");
  process.exit(1);
}

const started = Date.now();
const build = siteOff ? undefined : ((await import(pathToFileURL(serverBuild).href)) as ServerBuild);
const running = await startServer({ build, clientDir: path.join(root, "build/client") });
console.log(`listening on ${running.url} (ready in ${Date.now() - started} ms)`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    running.close().then(
      () => process.exit(0),
      (e) => {
        log.error("shutdown failed", { error: String(e) });
        process.exit(1);
      },
    );
  });
}
