/**
 * The development server: Vite in middleware mode (hot updates) in front of the same server as in
 * production, the API on the same port. Pages are rendered as in production: public pages in islands
 * mode (their loader from Vite, src/app/islands/README.md), the admin area hydrated by React Router.
 */
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { type HmrOptions, createServer } from "vite";
import { type RunningApp, startServer } from "./app.ts";
import type { Log } from "./ops/log.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

export async function startDevServer(
  options: { env?: Record<string, string | undefined>; log?: Log; hmr?: boolean | HmrOptions } = {},
): Promise<RunningApp> {
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: options.hmr }, appType: "custom" });
  try {
    const running = await startServer({
      env: options.env,
      log: options.log,
      before: [vite.middlewares],
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    return {
      ...running,
      async close() {
        await running.close();
        await vite.close();
      },
    };
  } catch (error) {
    await vite.close();
    throw error;
  }
}
