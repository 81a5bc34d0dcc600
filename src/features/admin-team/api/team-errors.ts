/** Why a team change did not happen, in the terms the team page speaks. */
export type TeamErrorKind = "alreadyMember" | "invalid" | "forbidden" | "lastOwner" | "notChanged" | "rateLimited" | "network" | "unknown";

export class TeamError extends Error {
  constructor(
    public readonly kind: TeamErrorKind,
    message?: string,
  ) {
    super(message ?? kind);
    this.name = "TeamError";
  }
}
