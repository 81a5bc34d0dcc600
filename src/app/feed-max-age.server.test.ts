import { describe, expect, it } from "vitest";
import { FEED_MAX_AGE_S, feedMaxAge } from "./feed-max-age.server";
import type { ServerContext } from "./load-context";

const ctx = (next: number | null | undefined): ServerContext =>
  ({
    supabaseUrl: "",
    publicSupabaseUrl: null,
    anonKey: "",
    publicUrl: null,
    env: {},
    ...(next === undefined ? {} : { nextPublishAt: () => next }),
  }) as ServerContext;

describe("feedMaxAge", () => {
  it("is ten minutes when nothing is scheduled or nobody watches", () => {
    expect(feedMaxAge(ctx(undefined), 0)).toBe(FEED_MAX_AGE_S);
    expect(feedMaxAge(ctx(null), 0)).toBe(FEED_MAX_AGE_S);
    expect(feedMaxAge(undefined, 0)).toBe(FEED_MAX_AGE_S);
  });
  it("never reaches past the next publish time (whole seconds, rounded down)", () => {
    expect(feedMaxAge(ctx(90_500), 0)).toBe(90);
    expect(feedMaxAge(ctx(999), 0)).toBe(0);
    expect(feedMaxAge(ctx(5_000), 10_000)).toBe(0);
    expect(feedMaxAge(ctx(10_000_000), 0)).toBe(FEED_MAX_AGE_S);
  });
});
