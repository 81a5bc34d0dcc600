/** Why a team change did not happen, in the terms the team page speaks. */
export type TeamErrorKind = "alreadyMember" | "invalid" | "forbidden" | "lastOwner" | "notChanged" | "rateLimited" | "network" | "unknown";

export class TeamError extends Error {
  public readonly kind: TeamErrorKind;
  constructor(kind: TeamErrorKind, message?: string) {
    super(message ?? kind);
    this.kind = kind;
    this.name = "TeamError";
  }
}
