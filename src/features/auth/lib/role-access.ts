/**
 * What each team role may open in the admin (docs/product.md#admin): the sections, their roles and which
 * page belongs to which are in the route table (src/lib/routes/table.ts). The admin only hides: Row Level
 * Security and the storage policies refuse the same things in the database, whatever the browser does.
 */
import { sectionsBySegment } from "@/lib/routes/derive";
import { ADMIN_BASE } from "@/lib/routes/paths";
import { ADMIN_SECTIONS, type AdminSection } from "@/lib/routes/table";
import type { TeamRole } from "../machines/session.machine";

const SECTION_OF_SEGMENT = sectionsBySegment();
const UNDER_ADMIN = new RegExp(`^${ADMIN_BASE}(?:/([^/?#]*))?(?=[/?#]|$)`);

/** The admin section a path (without the language prefix) belongs to; null outside the admin's sections. */
export function sectionOf(path: string): AdminSection | null {
  const m = UNDER_ADMIN.exec(path);
  if (!m) return null;
  return SECTION_OF_SEGMENT.get(m[1] ?? "") ?? null;
}

export function canOpen(role: TeamRole | null, section: AdminSection): boolean {
  return role !== null && (ADMIN_SECTIONS[section] as readonly TeamRole[]).includes(role);
}

/** Whether the role may open the page at this path (pages outside the sections are open to every member). */
export function canOpenPath(role: TeamRole | null, path: string): boolean {
  const section = sectionOf(path);
  return section === null ? role !== null : canOpen(role, section);
}
