import { describe, expect, it } from "vitest";
import type { BlogPostSummary } from "../api/list-published-posts";
import { matchesSearch, searchPattern } from "../api/list-published-posts";
import {
  blogQueryToSearch,
  ctaRegionOf,
  defaultBlogQuery,
  filterPosts,
  isFiltered,
  listOptionsFor,
  parseBlogQuery,
  withBlogQuery,
} from "./blog-query";
import { parsePageParam } from "@/lib/paging";

const post = (o: Partial<BlogPostSummary>): BlogPostSummary => ({
  id: o.slug ?? "x",
  slug: "x",
  title: "Title",
  excerpt: "Excerpt",
  category: "Sales",
  country: "Global",
  read_time: "5 min read",
  is_popular: false,
  hero_image_url: null,
  hero_image_alt: null,
  language: "en",
  translation_group: `group-${o.slug ?? "x"}`,
  published_at: "2025-01-01T00:00:00Z",
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  ...o,
});

const posts = [
  post({
    slug: "a",
    title: "Dubai Marina rents",
    excerpt: "Yields rise",
    country: "UAE",
    is_popular: true,
    created_at: "2025-03-01T00:00:00Z",
  }),
  post({
    slug: "b",
    title: "Speed to lead",
    excerpt: "Toronto brokerages answer in five minutes",
    country: "Canada",
    created_at: "2025-05-01T00:00:00Z",
  }),
  post({
    slug: "c",
    title: "اتجاهات سوق العقارات في الإمارات",
    excerpt: "دبي وأبوظبي",
    country: "UAE",
    created_at: "2025-04-01T00:00:00Z",
  }),
  post({
    slug: "d",
    title: "AI follow-up",
    excerpt: "Best practices for DUBAI teams",
    country: "Global",
    is_popular: true,
    created_at: "2025-01-01T00:00:00Z",
  }),
];

describe("parseBlogQuery", () => {
  it("reads search, filter and country", () => {
    expect(parseBlogQuery("?q=%20Dubai%20%20Marina%20&filter=popular&country=UAE")).toEqual({
      q: "Dubai Marina",
      filter: "popular",
      country: "UAE",
    });
  });
  it("accepts any case for filter and country", () => {
    expect(parseBlogQuery("filter=RECENT&country=canada")).toEqual({ q: "", filter: "recent", country: "Canada" });
  });
  it("falls back to defaults for unknown values", () => {
    expect(parseBlogQuery("filter=oldest&country=France&x=1")).toEqual(defaultBlogQuery);
  });
  it("cuts very long searches", () => {
    expect(parseBlogQuery(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("blogQueryToSearch", () => {
  it("leaves out defaults", () => {
    expect(blogQueryToSearch(defaultBlogQuery)).toBe("");
    expect(blogQueryToSearch({ q: "", filter: "recent", country: "all" })).toBe("?filter=recent");
  });
  it("round-trips through parse, including Arabic and reserved characters", () => {
    const q = { q: "دبي & co?=#", filter: "popular", country: "UAE" } as const;
    expect(parseBlogQuery(blogQueryToSearch(q))).toEqual(q);
  });
  it("withBlogQuery patches one field", () => {
    expect(withBlogQuery({ q: "x", filter: "popular", country: "UAE" }, { country: "all" })).toEqual({
      q: "x",
      filter: "popular",
      country: "all",
    });
  });
});

describe("search", () => {
  it("matches title or excerpt, ignoring case", () => {
    expect(matchesSearch(posts[3]!, "dubai")).toBe(true);
    expect(matchesSearch(posts[0]!, "MARINA")).toBe(true);
    expect(matchesSearch(posts[1]!, "dubai")).toBe(false);
    expect(matchesSearch(posts[2]!, "دبي")).toBe(true);
    expect(matchesSearch(posts[1]!, "  ")).toBe(true);
  });
  it("escapes LIKE's wildcards and keeps ordinary punctuation exact in the database pattern", () => {
    expect(searchPattern("50% off_plan \\ agent's 3.5: x")).toBe("*50\\% off\\_plan \\\\ agent's 3.5: x*");
    expect(searchPattern("دبي")).toBe("*دبي*");
  });
  it("turns the characters a PostgREST or-tree cannot carry unquoted into one-character wildcards", () => {
    expect(searchPattern('a,b(c)*"d')).toBe("*a_b_c___d*");
  });
});

describe("filterPosts", () => {
  it("All: every post, newest first", () => {
    expect(filterPosts(posts, defaultBlogQuery).map((p) => p.slug)).toEqual(["b", "c", "a", "d"]);
  });
  it("Most Recent keeps every post newest first", () => {
    expect(filterPosts(posts, { ...defaultBlogQuery, filter: "recent" }).map((p) => p.slug)).toEqual(["b", "c", "a", "d"]);
  });
  it("Most Popular keeps only popular posts", () => {
    expect(filterPosts(posts, { ...defaultBlogQuery, filter: "popular" }).map((p) => p.slug)).toEqual(["a", "d"]);
  });
  it("country filter", () => {
    expect(filterPosts(posts, { ...defaultBlogQuery, country: "UAE" }).map((p) => p.slug)).toEqual(["c", "a"]);
    expect(filterPosts(posts, { ...defaultBlogQuery, country: "Canada" }).map((p) => p.slug)).toEqual(["b"]);
  });
  it("combines search, popularity and country", () => {
    expect(filterPosts(posts, { q: "dubai", filter: "popular", country: "all" }).map((p) => p.slug)).toEqual(["a", "d"]);
    expect(filterPosts(posts, { q: "dubai", filter: "popular", country: "UAE" }).map((p) => p.slug)).toEqual(["a"]);
    expect(filterPosts(posts, { q: "nothing", filter: "all", country: "all" })).toEqual([]);
  });
  it("does not change its input", () => {
    const copy = [...posts];
    filterPosts(posts, defaultBlogQuery);
    expect(posts).toEqual(copy);
  });
});

describe("listOptionsFor and isFiltered", () => {
  it("maps the query onto the list call", () => {
    expect(listOptionsFor(defaultBlogQuery)).toEqual({});
    expect(listOptionsFor({ q: "x", filter: "popular", country: "Canada" })).toEqual({ search: "x", popularOnly: true, country: "Canada" });
    expect(listOptionsFor({ q: "", filter: "recent", country: "all" })).toEqual({});
  });
  it("isFiltered", () => {
    expect(isFiltered(defaultBlogQuery)).toBe(false);
    expect(isFiltered({ ...defaultBlogQuery, filter: "recent" })).toBe(false);
    expect(isFiltered({ ...defaultBlogQuery, q: "x" })).toBe(true);
  });
});

describe("ctaRegionOf", () => {
  it("names UAE, Canada or global from the category text", () => {
    expect(ctaRegionOf({ category: "UAE Market" })).toBe("uae");
    expect(ctaRegionOf({ category: "Dubai Real Estate" })).toBe("uae");
    expect(ctaRegionOf({ category: "Canada Housing" })).toBe("canada");
    expect(ctaRegionOf({ category: "Sales" })).toBe("global");
  });
  it("uses the post's country when the category names none", () => {
    expect(ctaRegionOf({ category: "Market Analysis", country: "UAE" })).toBe("uae");
    expect(ctaRegionOf({ category: "Sales", country: "Canada" })).toBe("canada");
    expect(ctaRegionOf({ category: "Sales", country: "Global" })).toBe("global");
  });
});

import { formatPostDate, isArabicText } from "./labels";
describe("labels", () => {
  it("formats dates in the long US and Arabic forms", () => {
    expect(formatPostDate("2025-03-01T10:00:00Z", "en-US")).toBe("March 1, 2025");
    expect(formatPostDate("2025-03-01T10:00:00Z", "ar-AE")).toMatch(/مارس/);
    expect(formatPostDate("nope", "en-US")).toBe("");
  });
  it("detects Arabic titles", () => {
    expect(isArabicText("اتجاهات سوق العقارات في الإمارات 2025")).toBe(true);
    expect(isArabicText("Speed to lead")).toBe(false);
  });
});

describe("pages", () => {
  it("blogQueryToSearch puts the page last and leaves page 1 out", () => {
    expect(blogQueryToSearch(defaultBlogQuery, 1)).toBe("");
    expect(blogQueryToSearch(defaultBlogQuery, 2)).toBe("?page=2");
    expect(blogQueryToSearch({ q: "دبي", filter: "popular", country: "UAE" }, 3)).toBe(
      "?q=%D8%AF%D8%A8%D9%8A&filter=popular&country=UAE&page=3",
    );
    expect(parsePageParam(blogQueryToSearch({ q: "x", filter: "all", country: "Canada" }, 7))).toBe(7);
  });
});
