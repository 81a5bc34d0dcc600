/** Registers the server's context (src/lib/server-context.ts) as React Router's load context. */
import type { ServerContext } from "../lib/server-context.ts";

export type { ServerContext };

declare module "react-router" {
  interface AppLoadContext {
    server?: ServerContext;
  }
}
