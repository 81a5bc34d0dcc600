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

type Templates = typeof TemplatesModule;
type TeamTemplates = typeof TeamTemplatesModule;
let loading: Promise<Templates> | null = null;
let loadingTeam: Promise<TeamTemplates> | null = null;

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

export function loadTemplates(): Promise<Templates> {
  if (!loading) {
    const built = source("templates");
    loading = built ? (import(built) as Promise<Templates>) : import("../../src/lib/mail/templates.ts");
  }
  return loading;
}

export function loadTeamTemplates(): Promise<TeamTemplates> {
  if (!loadingTeam) {
    const built = source("team-templates");
    loadingTeam = built ? (import(built) as Promise<TeamTemplates>) : import("../../src/lib/mail/team-templates.ts");
  }
  return loadingTeam;
}

let loadingAssignment: Promise<typeof AssignmentTemplatesModule> | null = null;

export function loadAssignmentTemplates(): Promise<typeof AssignmentTemplatesModule> {
  if (!loadingAssignment) {
    const built = source("assignment-templates");
    loadingAssignment = built
      ? (import(built) as Promise<typeof AssignmentTemplatesModule>)
      : import("../../src/lib/mail/assignment-templates.ts");
  }
  return loadingAssignment;
}

let loadingReport: Promise<typeof AnalyticsReportModule> | null = null;

/** The weekly analytics report (src/lib/mail/analytics-report.ts). */
export function loadAnalyticsReportTemplate(): Promise<typeof AnalyticsReportModule> {
  if (!loadingReport) {
    const built = source("analytics-report");
    loadingReport = built ? (import(built) as Promise<typeof AnalyticsReportModule>) : import("../../src/lib/mail/analytics-report.ts");
  }
  return loadingReport;
}

let loadingNewsletter: Promise<typeof NewsletterTemplatesModule> | null = null;

/** The newsletter issue template (src/lib/mail/newsletter-issue-template.ts). */
export function loadNewsletterTemplates(): Promise<typeof NewsletterTemplatesModule> {
  if (!loadingNewsletter) {
    const built = source("newsletter-issue-template");
    loadingNewsletter = built
      ? (import(built) as Promise<typeof NewsletterTemplatesModule>)
      : import("../../src/lib/mail/newsletter-issue-template.ts");
  }
  return loadingNewsletter;
}

/** The site's HTML sanitiser over jsdom (src/lib/sanitize.server.ts), for newsletter issues. */
export async function loadSanitizer() {
  const { serverSanitizer } = await import("../../src/lib/sanitize.server.ts");
  return serverSanitizer();
}
