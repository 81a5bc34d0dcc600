import { useLingui } from "@lingui/react/macro";
import type { TeamRole } from "../machines/session.machine";

/** The translated name of a team role. */
export function useRoleName(): (role: TeamRole) => string {
  const { t } = useLingui();
  return (role) => (role === "owner" ? t`Owner` : role === "editor" ? t`Editor` : t`Sales`);
}
