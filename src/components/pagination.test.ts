import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
  });
  it("keeps the first, the last and the current page with its neighbours, gaps as null", () => {
    expect(pageWindow(1, 834)).toEqual([1, 2, null, 834]);
    expect(pageWindow(400, 834)).toEqual([1, null, 399, 400, 401, null, 834]);
    expect(pageWindow(834, 834)).toEqual([1, null, 833, 834]);
  });
  it("shows a single hidden page instead of a gap", () => {
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(8, 10)).toEqual([1, null, 7, 8, 9, 10]);
  });
});
