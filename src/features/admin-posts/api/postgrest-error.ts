/** A PostgREST error as an Error, keeping its code (PGRST116, 23505, …) for the callers. */
export class PostgrestFailure extends Error {
  public readonly code?: string;
  public readonly status?: number;
  constructor(message: string, code?: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status;
    this.name = "PostgrestFailure";
  }
}

export function fail(error: { message: string; code?: string }, status?: number): never {
  throw new PostgrestFailure(error.message, error.code, status);
}
