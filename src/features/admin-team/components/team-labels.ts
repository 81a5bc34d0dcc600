import { useLingui } from "@lingui/react/macro";
import type { TeamRole } from "@/lib/database.types";
import type { TeamErrorKind } from "../api/team-errors";

export function useTeamRoleLabels() {
  const { t } = useLingui();
  const name: Record<TeamRole, string> = { owner: t`Owner`, editor: t`Editor`, sales: t`Sales` };
  const description: Record<TeamRole, string> = {
    owner: t`everything, and manages the team`,
    editor: t`blog posts and images`,
    sales: t`leads, bookings and mail`,
  };
  return { name, description };
}

export function useTeamErrorText(kind: TeamErrorKind | null | undefined): string | null {
  const { t } = useLingui();
  switch (kind) {
    case null:
    case undefined:
      return null;
    case "alreadyMember":
      return t`This person is already a member of the team.`;
    case "invalid":
      return t`Check the email address and the role.`;
    case "forbidden":
      return t`Only owners can manage the team.`;
    case "lastOwner":
      return t`The team must keep at least one owner. Make another member an owner first.`;
    case "notChanged":
      return t`The change was refused. Reload the page and try again.`;
    case "rateLimited":
      return t`Too many invitations. Please try again later.`;
    case "network":
      return t`Could not reach the server. Check your connection and try again.`;
    default:
      return t`Something went wrong. Please try again.`;
  }
}
