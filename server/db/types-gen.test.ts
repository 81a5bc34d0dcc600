import { describe, expect, it } from "vitest";
import { checkValues } from "./types-gen";

describe("check constraint lists", () => {
  it("reads PostgreSQL's rendering of `col in (...)`", () => {
    expect(checkValues("CHECK ((role = ANY (ARRAY['owner'::text, 'editor'::text, 'sales'::text])))")).toEqual({
      column: "role",
      values: ["owner", "editor", "sales"],
    });
  });

  it("reads a nullable column's list and quotes inside values", () => {
    expect(checkValues("CHECK (((locale IS NULL) OR (locale = ANY (ARRAY['ar'::text, 'en'::text]))))")).toEqual({
      column: "locale",
      values: ["ar", "en"],
    });
    expect(checkValues("CHECK ((kind = ANY (ARRAY['it''s'::text, 'AI & Automation'::text])))")).toEqual({
      column: "kind",
      values: ["it's", "AI & Automation"],
    });
  });

  it("leaves any other check alone", () => {
    expect(checkValues("CHECK ((char_length(title) <= 200))")).toBeNull();
    expect(
      checkValues("CHECK (((form_type <> 'newsletter'::text) OR (COALESCE((payload ->> 'email'::text), ''::text) <> ''::text)))"),
    ).toBeNull();
    expect(checkValues("CHECK (((a IS NULL) OR (b = ANY (ARRAY['x'::text]))))")).toBeNull();
  });
});
