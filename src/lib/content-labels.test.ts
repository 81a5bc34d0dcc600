import { describe, expect, it } from "vitest";
import { readTimeMinutes } from "./content-labels";

describe("readTimeMinutes", () => {
  it("reads the ways editors write a read time", () => {
    expect(readTimeMinutes("7 min read")).toBe(7);
    expect(readTimeMinutes(" 12 minutes ")).toBe(12);
    expect(readTimeMinutes("1 minute read")).toBe(1);
    expect(readTimeMinutes("5 min")).toBe(5);
    expect(readTimeMinutes("٧ دقائق")).toBe(7);
    expect(readTimeMinutes("5 دقائق للقراءة")).toBe(5);
  });
  it("leaves other text alone", () => {
    expect(readTimeMinutes("a quick read")).toBeNull();
    expect(readTimeMinutes("")).toBeNull();
    expect(readTimeMinutes("7 hours")).toBeNull();
  });
});
