/** What every function of the host (index.ts) is handed: the database, the key, the clock and the shared reads. */
import type { Market } from "../../../src/lib/booking/markets.ts";
import type { StoreOutcome, SubmissionRow } from "../../../supabase/functions/_shared/submit-form-handler.ts";
import type { Database } from "../../db/database.ts";
import type { Limiter } from "../shared-limits.ts";

export interface FunctionsContext {
  db: Database;
  jwtSecret: string;
  now?: () => Date;
  /** The markets' booking calendars (public.markets, docs/markets.md). */
  markets(): Promise<Market[]>;
  store(row: SubmissionRow): Promise<StoreOutcome>;
  busy(from: Date, to: Date, market: string): Promise<number[]>;
  /** The same reads for a form submission: in the pool's reserved lane, with the submission (see store.ts). */
  submission: { markets(): Promise<Market[]>; busy(from: Date, to: Date, market: string): Promise<number[]> };
  submitLimiter: Limiter | null;
  /** Wakes the mail worker (server/mail/worker.ts): a request has queued mail. */
  onMailQueued?(): void;
  log(msg: string, extra?: object): void;
}
