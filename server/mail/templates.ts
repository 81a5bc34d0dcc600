/**
 * Loads the shared mail templates (src/lib/mail/templates.ts). Vite (tests, dev) compiles their
 * Lingui macros itself; plain Node (`npm start`, under tsx) gets a module hook that does it.
 */
import { register } from "node:module";
import type * as TemplatesModule from "../../src/lib/mail/templates.ts";

type Templates = typeof TemplatesModule;
let loading: Promise<Templates> | null = null;

export function loadTemplates(): Promise<Templates> {
  if (!loading) {
    const underVite = Boolean((import.meta as { env?: unknown }).env) || process.env.VITEST;
    if (!underVite) register("./macro-hooks.mjs", import.meta.url);
    loading = import("../../src/lib/mail/templates.ts");
  }
  return loading;
}
