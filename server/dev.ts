/** Development: Vite in middleware mode with hot reload, the API on the same port. */
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { startServer } from "./app.ts";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const running = await startServer({
  before: [vite.middlewares],
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
console.log(`dev server on ${running.url}`);
