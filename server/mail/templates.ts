/**
 * Loads the shared mail templates (src/lib/mail/templates.ts, team-templates.ts). Vite (tests, dev)
 * compiles their Lingui macros itself; plain Node (`npm start`, under tsx) gets a module hook that does it.
 */
import { register } from "node:module";
import type * as TemplatesModule from "../../src/lib/mail/templates.ts";
import type * as TeamTemplatesModule from "../../src/lib/mail/team-templates.ts";
import type * as AssignmentTemplatesModule from "../../src/lib/mail/assignment-templates.ts";
import type * as NewsletterTemplatesModule from "../../src/lib/mail/newsletter-issue-template.ts";

type Templates = typeof TemplatesModule;
type TeamTemplates = typeof TeamTemplatesModule;
let loading: Promise<Templates> | null = null;
let loadingTeam: Promise<TeamTemplates> | null = null;
let hooked = false;

function hook() {
  if (hooked) return;
  hooked = true;
  // Only what compiled this very module counts: a server started by a test inherits VITEST=true in its
  // environment but runs under plain Node, and needs the hook.
  const underVite = Boolean((import.meta as { env?: unknown }).env);
  if (!underVite) register("./macro-hooks.mjs", import.meta.url);
}

export function loadTemplates(): Promise<Templates> {
  if (!loading) {
    hook();
    loading = import("../../src/lib/mail/templates.ts");
  }
  return loading;
}

export function loadTeamTemplates(): Promise<TeamTemplates> {
  if (!loadingTeam) {
    hook();
    loadingTeam = import("../../src/lib/mail/team-templates.ts");
  }
  return loadingTeam;
}

let loadingAssignment: Promise<typeof AssignmentTemplatesModule> | null = null;

export function loadAssignmentTemplates(): Promise<typeof AssignmentTemplatesModule> {
  if (!loadingAssignment) {
    hook();
    loadingAssignment = import("../../src/lib/mail/assignment-templates.ts");
  }
  return loadingAssignment;
}

let loadingNewsletter: Promise<typeof NewsletterTemplatesModule> | null = null;

/** The newsletter issue template (src/lib/mail/newsletter-issue-template.ts). */
export function loadNewsletterTemplates(): Promise<typeof NewsletterTemplatesModule> {
  if (!loadingNewsletter) {
    hook();
    loadingNewsletter = import("../../src/lib/mail/newsletter-issue-template.ts");
  }
  return loadingNewsletter;
}

/** The site's HTML sanitiser over jsdom (src/lib/sanitize.server.ts), for newsletter issues. */
export async function loadSanitizer() {
  hook();
  const { serverSanitizer } = await import("../../src/lib/sanitize.server.ts");
  return serverSanitizer();
}
