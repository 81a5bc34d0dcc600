import { describe, expect, it } from "vitest";
import { defaultPostsQuery, postsQueryFromSearch, postsQueryToSearch } from "./posts-query";

describe("posts table query in the address", () => {
  it("round-trips every field and leaves defaults out", () => {
    const q = { search: "كندا", status: "scheduled", language: "en", sort: "title-desc", page: 3 } as const;
    expect(postsQueryFromSearch(postsQueryToSearch(q))).toEqual(q);
    expect(postsQueryToSearch(defaultPostsQuery)).toBe("");
  });

  it("falls back to the defaults for anything unknown", () => {
    expect(postsQueryFromSearch("?status=deleted&lang=fr&sort=random&page=-2")).toEqual(defaultPostsQuery);
    expect(postsQueryFromSearch("?page=abc").page).toBe(1);
  });
});
