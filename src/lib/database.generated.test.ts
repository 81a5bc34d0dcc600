/**
 * The generated Insert and Update types (derived from Row by database.generated.ts's Table type) are
 * the ones `supabase gen types` would write column by column: which columns an insert must give, and
 * each column's type. Type-level: `npm run typecheck` (tsc) fails when one of them differs.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { Database } from "./database.generated";

type Tables = Database["public"]["Tables"];
type Insert<T extends keyof Tables> = Tables[T]["Insert"];
type Update<T extends keyof Tables> = Tables[T]["Update"];
type Row<T extends keyof Tables> = Tables[T]["Row"];

/** The columns a value of T must give. */
type RequiredKeys<T> = { [K in keyof T]-?: Partial<Pick<T, K>> extends Pick<T, K> ? never : K }[keyof T];

describe("database.generated.ts Insert and Update", () => {
  it("administrators: an insert gives user_id and role; the columns with a default or null may be left out", () => {
    expectTypeOf<RequiredKeys<Insert<"administrators">>>().toEqualTypeOf<"user_id" | "role">();
    expectTypeOf<Required<Insert<"administrators">>>().toEqualTypeOf<Row<"administrators">>();
    expectTypeOf<Update<"administrators">>().toEqualTypeOf<Partial<Row<"administrators">>>();
  });

  it("markets: an insert gives the id, the names and the time zone; the calendar has defaults", () => {
    expectTypeOf<RequiredKeys<Insert<"markets">>>().toEqualTypeOf<"id" | "name_en" | "name_ar" | "time_zone">();
    expectTypeOf<Required<Insert<"markets">>>().toEqualTypeOf<Row<"markets">>();
  });

  it("analytics_events: the identity column is never written, by an insert or an update", () => {
    expectTypeOf<RequiredKeys<Insert<"analytics_events">>>().toEqualTypeOf<
      "at" | "day" | "kind" | "path" | "locale" | "visitor" | "channel" | "device"
    >();
    expectTypeOf<Insert<"analytics_events">["id"]>().toEqualTypeOf<undefined>();
    expectTypeOf<Required<Omit<Insert<"analytics_events">, "id">>>().toEqualTypeOf<Omit<Row<"analytics_events">, "id">>();
    expectTypeOf<RequiredKeys<Update<"analytics_events">>>().toEqualTypeOf<never>();
    expectTypeOf<Update<"analytics_events">["id"]>().toEqualTypeOf<undefined>();
  });

  it("analytics_daily: a table with no default needs every column on insert", () => {
    expectTypeOf<Insert<"analytics_daily">>().toEqualTypeOf<Row<"analytics_daily">>();
  });
});
