/**
 * Loads the shared mail templates (src/lib/mail/templates.ts, team-templates.ts, assignment-templates.ts),
 * written with Lingui macros: compiled at build time (build/mail/, scripts/build-mail.mjs) for the server
 * under plain Node, from source under Vite (tests).
 */
import { existsSync } from "node:fs";
import { register } from "node:module";
import type * as TemplatesModule from "../../src/lib/mail/templates.ts";
import type * as TeamTemplatesModule from "../../src/lib/mail/team-templates.ts";
import type * as AssignmentTemplatesModule from "../../src/lib/mail/assignment-templates.ts";
import type * as AnalyticsReportModule from "../../src/lib/mail/analytics-report.ts";
import type * as NewsletterTemplatesModule from "../../src/lib/mail/newsletter-issue-template.ts";

// Only what compiled this very module counts: a server started by a test inherits VITEST=true in its
// environment but runs under plain Node.
const underVite = Boolean((import.meta as { env?: unknown }).env);
const built = new URL("../../build/mail/", import.meta.url);
let hooked = false;

/**
 * Where a template module comes from: under Vite its source (Vite compiles the macros); under plain Node
 * the build's compiled module (scripts/build-mail.mjs, part of `npm run build`). A checkout that was never
 * built (running the server's sources straight after a clone) compiles the macros with a development-only
 * module hook and says so: the production server never does (NODE_ENV=production: a missing build is an error).
 */
function source(name: string): string | null {
  if (underVite) return null;
  if (existsSync(new URL(`${name}.js`, built))) return new URL(`${name}.js`, built).href;
  if (process.env.NODE_ENV === "production") {
    throw new Error(`mail: build/mail/${name}.js is missing: run \`npm run build\` before starting in production`);
  }
  if (!hooked) {
    hooked = true;
    console.warn("mail: no compiled templates in build/mail (run `npm run build`); compiling them at run time");
    register("../../scripts/mail-macro-hooks.mjs", import.meta.url);
  }
  return null;
}

const loaded = new Map<string, Promise<unknown>>();

/** A template module, loaded once: the build's (`build/mail/<name>.js`) or, under Vite, `fromSource`. */
function load<T>(name: string, fromSource: () => Promise<T>): Promise<T> {
  let module = loaded.get(name) as Promise<T> | undefined;
  if (!module) {
    const compiled = source(name);
    module = compiled ? (import(compiled) as Promise<T>) : fromSource();
    loaded.set(name, module);
  }
  return module;
}

/** The visitor and sales messages (src/lib/mail/templates.ts). */
export const loadTemplates = () => load<typeof TemplatesModule>("templates", () => import("../../src/lib/mail/templates.ts"));

/** Invitations and password recovery (src/lib/mail/team-templates.ts). */
export const loadTeamTemplates = () =>
  load<typeof TeamTemplatesModule>("team-templates", () => import("../../src/lib/mail/team-templates.ts"));

/** A lead or demo given to a member, a lead overdue (src/lib/mail/assignment-templates.ts). */
export const loadAssignmentTemplates = () =>
  load<typeof AssignmentTemplatesModule>("assignment-templates", () => import("../../src/lib/mail/assignment-templates.ts"));

/** The weekly analytics report (src/lib/mail/analytics-report.ts). */
export const loadAnalyticsReportTemplate = () =>
  load<typeof AnalyticsReportModule>("analytics-report", () => import("../../src/lib/mail/analytics-report.ts"));

/** The newsletter issue template (src/lib/mail/newsletter-issue-template.ts). */
export const loadNewsletterTemplates = () =>
  load<typeof NewsletterTemplatesModule>("newsletter-issue-template", () => import("../../src/lib/mail/newsletter-issue-template.ts"));

/** The site's HTML sanitiser over jsdom (src/lib/sanitize.server.ts), for newsletter issues. */
export async function loadSanitizer() {
  const { serverSanitizer } = await import("../../src/lib/sanitize.server.ts");
  return serverSanitizer();
}
