import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLoad } from "./use-load";

describe("useLoad", () => {
  it("loads on mount and is ready once the fetch resolves", async () => {
    const fetch = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useLoad(fetch));
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(result.current.status).toBe("ready"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fails when the fetch throws, and loads again on demand", async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useLoad(fetch));
    await waitFor(() => expect(result.current.status).toBe("failed"));
    await act(() => result.current.load());
    expect(result.current.status).toBe("ready");
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
