/**
 * What each team role may open in the admin (docs/product.md#admin). The admin only hides: Row Level
 * Security and the storage policies refuse the same things in the database, whatever the browser does.
 */
import type { TeamRole } from "../machines/session.machine";

export type AdminSection =
  "dashboard" | "posts" | "leads" | "agenda" | "mail" | "newsletters" | "team" | "markets" | "analytics" | "analytics-traffic";

const SECTIONS: Record<AdminSection, readonly TeamRole[]> = {
  dashboard: ["owner", "editor", "sales"],
  posts: ["owner", "editor"],
  leads: ["owner", "sales"],
  agenda: ["owner", "sales"],
  mail: ["owner", "sales"],
  newsletters: ["owner", "editor"],
  team: ["owner"],
  markets: ["owner"],
  // Sales members open the analytics for its conversion part only; traffic is for owners and editors.
  analytics: ["owner", "editor", "sales"],
  "analytics-traffic": ["owner", "editor"],
};

/** The admin section a path (without the language prefix) belongs to; null outside the admin's sections. */
export function sectionOf(path: string): AdminSection | null {
  const m = /^\/admin(?:\/([^/?#]+))?/.exec(path);
  if (!m) return null;
  const first = m[1];
  if (!first) return "dashboard";
  return first in SECTIONS && first !== "dashboard" ? (first as AdminSection) : null;
}

export function canOpen(role: TeamRole | null, section: AdminSection): boolean {
  return role !== null && SECTIONS[section].includes(role);
}

/** Whether the role may open the page at this path (pages outside the sections are open to every member). */
export function canOpenPath(role: TeamRole | null, path: string): boolean {
  const section = sectionOf(path);
  return section === null ? role !== null : canOpen(role, section);
}
