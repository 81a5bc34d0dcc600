import { describe, expect, it } from "vitest";
import { pageCount, parsePageParam } from "./paging";

describe("paging", () => {
  it("parsePageParam: absent is page 1, whole numbers from 1 are pages, anything else is invalid", () => {
    expect(parsePageParam("")).toBe(1);
    expect(parsePageParam("page=1")).toBe(1);
    expect(parsePageParam("q=x&page=834")).toBe(834);
    for (const bad of ["0", "-1", "2.5", "abc", "1e3", "01", "", " 2", "100001"])
      expect(parsePageParam(`page=${encodeURIComponent(bad)}`)).toBeNull();
    expect(parsePageParam("page=2&page=3")).toBeNull();
  });

  it("pageCount: an empty list still has one page", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(10_000, 12)).toBe(834);
  });
});
