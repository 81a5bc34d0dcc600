import { beforeEach, describe, expect, it, vi } from "vitest";

const invoke = vi.fn();
vi.mock("@/lib/supabase/client", () => ({ getSupabase: async () => ({ functions: { invoke } }) }));

const { loadDaySlots } = await import("./booking-slots-client");

describe("loadDaySlots", () => {
  beforeEach(() => invoke.mockReset());

  it("asks for the day with GET and returns its slots", async () => {
    invoke.mockResolvedValue({ data: { date: "2026-01-19", slots: [] }, error: null });
    await expect(loadDaySlots("2026-01-19")).resolves.toEqual({ date: "2026-01-19", slots: [] });
    expect(invoke).toHaveBeenCalledWith("booking-slots?date=2026-01-19", { method: "GET", timeout: 15_000 });
  });

  it("throws on an error answer (a 400 for a date that is not a day), so the form offers to try again", async () => {
    const error = new Error("Edge Function returned a non-2xx status code");
    invoke.mockResolvedValue({ data: null, error });
    await expect(loadDaySlots("2026-02-31")).rejects.toBe(error);
  });
});
