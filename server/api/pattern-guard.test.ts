import { describe, expect, it } from "vitest";
import { HttpError } from "./http.ts";
import { MAX_POSITIONS, MAX_REGEXES, checkPattern } from "./pattern-guard.ts";

const refused = (pattern: string, op = "match") => {
  try {
    checkPattern(op, pattern);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return (e as HttpError).message;
  }
};

describe("checkPattern", () => {
  it.each([
    "dubai",
    "^(?i)abu dhabi$",
    "(?i)dubai|abu dhabi|sharjah",
    "^[A-Za-z0-9._%+-]+@example\\.com$",
    "\\d{3}-\\d{4}",
    "(ab|cd)+x",
    "[[:alpha:]]+ [[:digit:]]{2}",
    "[]a]*b",
    "***=(.*){1,255}\\1",
    "(?q)(a+)+",
    ".*a" + ".".repeat(MAX_POSITIONS - 3) + "z",
  ])("accepts %s", (p) => {
    expect(refused(p)).toBeNull();
  });

  it.each([
    ["(.*){1,255}b", /counted repetitions are limited to \{10\}/],
    ["(a*)*b", /repeated group may not contain a repetition/],
    ["((ab)+c)*", /repeated group may not contain a repetition/],
    ["(x+x+)+y", /repeated group may not contain a repetition/],
    ["(a)\\1", /back-references/],
    ["(?=a)b", /lookahead/],
    ["a(?<!b)", /lookahead and lookbehind/],
    ["a{2}b{2}c{2}", /at most 2 counted repetitions/],
    [".*a" + ".".repeat(MAX_POSITIONS - 2) + "z", /too large/],
    ["(a|b)*a(a|b|c){10}z", /too large/],
    ["x".repeat(101), /too long/],
    ["(?b)a\\{1,2\\}", /basic and extended/],
    ["***:(a)\\1", /back-references/],
  ])("refuses %s", (p, why) => {
    expect(refused(p)).toMatch(why);
    expect(refused(p, "imatch")).toMatch(why);
  });

  it("leaves other operators alone and caps like patterns by length only", () => {
    expect(refused("(a*)*b", "eq")).toBeNull();
    expect(refused("%a%a%a%a%a%a%b", "like")).toBeNull();
    expect(refused("a".repeat(501), "ilike")).toMatch(/pattern too long/);
  });

  it(`allows at most ${MAX_REGEXES} regular expressions per query`, () => {
    const q = { regexes: 0 };
    for (let i = 0; i < MAX_REGEXES; i++) checkPattern("match", "a", q);
    expect(() => checkPattern("imatch", "a", q)).toThrow(/at most 4 regular expressions/);
    checkPattern("like", "a", q); // like does not count
  });
});
