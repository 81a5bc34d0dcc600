/**
 * The generated Insert and Update types (derived from Row by database.generated.ts's Table type) are
 * the ones `supabase gen types` would write column by column. Type-level: `npm run typecheck` (tsc)
 * fails when one of them differs.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { Database } from "./database.generated";

type Tables = Database["public"]["Tables"];
/** An intersection written as one object type (what toEqualTypeOf compares with). */
type OneObject<T> = { [K in keyof T]: T[K] };

describe("database.generated.ts Insert and Update", () => {
  it("administrators: an insert gives user_id and role; the columns with a default or null may be left out", () => {
    expectTypeOf<Tables["administrators"]["Insert"]>().toEqualTypeOf<{
      user_id: string;
      created_at?: string;
      role: "owner" | "editor" | "sales";
      invited_by?: string | null;
      accepted_at?: string | null;
      market_ids?: string[] | null;
      away?: boolean;
      time_zone?: string | null;
      locale?: string | null;
    }>();
    expectTypeOf<Tables["administrators"]["Update"]>().toEqualTypeOf<Partial<Tables["administrators"]["Row"]>>();
  });

  it("analytics_events: the identity column is never written, by an insert or an update", () => {
    expectTypeOf<Tables["analytics_events"]["Insert"]>().toEqualTypeOf<{
      id?: never;
      at: string;
      day: string;
      kind: string;
      path: string;
      locale: string;
      visitor: string;
      channel: string;
      source?: string | null;
      campaign?: string | null;
      device: string;
      form?: string | null;
      forms?: string[] | null;
    }>();
    expectTypeOf<Tables["analytics_events"]["Update"]>().toEqualTypeOf<
      OneObject<{ id?: never } & Partial<Omit<Tables["analytics_events"]["Row"], "id">>>
    >();
  });

  it("markets: an insert gives the id and names and time zone; the schedule has defaults", () => {
    expectTypeOf<Tables["markets"]["Insert"]>().toEqualTypeOf<{
      id: string;
      name_en: string;
      name_ar: string;
      time_zone: string;
      working_days?: number[];
      open_minute?: number;
      close_minute?: number;
      slot_minutes?: number;
      min_notice_minutes?: number;
      horizon_days?: number;
      holidays?: string[];
      country_codes?: string[];
      is_default?: boolean;
      position?: number;
      created_at?: string;
      updated_at?: string;
    }>();
  });

  it("analytics_daily: a table with no default needs every column on insert", () => {
    expectTypeOf<Tables["analytics_daily"]["Insert"]>().toEqualTypeOf<Tables["analytics_daily"]["Row"]>();
  });
});
