// @vitest-environment node
import { describe, expect, it } from "vitest";
import { HttpError } from "./http.ts";
import { Params, buildOrder, buildSelect, buildWhere, nonNegativeInt, quoteIdent, type TableRef } from "./postgrest-query.ts";

const posts: TableRef = { name: "blog_posts", columns: new Set(["id", "title", "tags", "published", "data", "created_at"]) };

const where = (query: string) => {
  const params = new Params();
  return { sql: buildWhere(new URLSearchParams(query), posts, params), values: params.values };
};

/** The PostgREST error a call throws: [status, code, message]. */
function refusal(fn: () => unknown): [number, string, string] {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) {
      const body = e.body as { code: string; message: string };
      return [e.status, body.code, body.message];
    }
    throw e;
  }
  throw new Error("did not throw");
}

describe("quoteIdent", () => {
  it("double-quotes and doubles inner quotes", () => {
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
});

describe("buildSelect", () => {
  it("selects all, columns, renames, casts and JSON paths", () => {
    expect(buildSelect(null, posts)).toBe("_src.*");
    expect(buildSelect("id,title", posts)).toBe('_src."id" as "id", _src."title" as "title"');
    expect(buildSelect("name:title", posts)).toBe('_src."title" as "name"');
    expect(buildSelect("id::text", posts)).toBe('(_src."id")::text as "id"');
    expect(buildSelect("data->author->>name", posts)).toBe(`_src."data"->'author'->>'name' as "name"`);
    expect(buildSelect("data->0", posts)).toBe('_src."data"->0 as "0"');
  });
  it("refuses unknown columns, casts and embedded resources", () => {
    expect(refusal(() => buildSelect("nope", posts))).toEqual([400, "42703", "column blog_posts.nope does not exist"]);
    expect(refusal(() => buildSelect("id::regclass", posts))[1]).toBe("PGRST100");
    expect(refusal(() => buildSelect("author(name)", posts))[1]).toBe("PGRST200");
    expect(refusal(() => buildSelect("data->x';drop", posts))[1]).toBe("PGRST100");
  });
});

describe("buildWhere", () => {
  it("turns operators into SQL with every value a parameter", () => {
    expect(where("published=eq.true")).toEqual({ sql: '_src."published" = $1', values: ["true"] });
    expect(where("title=ilike.*news*")).toEqual({ sql: '_src."title" ilike $1', values: ["%news%"] });
    expect(where('id=in.(1,2,"3,4")')).toEqual({ sql: '_src."id" in ($1, $2, $3)', values: ["1", "2", "3,4"] });
    expect(where("id=in.()")).toEqual({ sql: "false", values: [] });
    expect(where("created_at=is.null").sql).toBe('_src."created_at" is null');
    expect(where("title=not.eq.x")).toEqual({ sql: 'not (_src."title" = $1)', values: ["x"] });
    expect(where("tags=cs.{a,b}")).toEqual({ sql: '_src."tags" @> $1', values: ["{a,b}"] });
    expect(where("title=like(any).{a*,b*}")).toEqual({ sql: '_src."title" like any(array[$1, $2])', values: ["a%", "b%"] });
    expect(where("title=fts(english).cats")).toEqual({ sql: `_src."title" @@ to_tsquery($1::regconfig, $2)`, values: ["english", "cats"] });
  });
  it("ignores reserved parameters and joins filters with and", () => {
    expect(where("select=id&order=id&limit=1&apikey=k").sql).toBe("true");
    expect(where("id=gt.1&id=lt.5")).toEqual({ sql: '_src."id" > $1 and _src."id" < $2', values: ["1", "5"] });
  });
  it("builds or/and trees, nested and negated", () => {
    expect(where("or=(id.eq.1,and(title.eq.x,published.is.true))")).toEqual({
      sql: '(_src."id" = $1 or (_src."title" = $2 and _src."published" is true))',
      values: ["1", "x"],
    });
    expect(where("not.or=(id.eq.1,id.eq.2)").sql).toBe('not (_src."id" = $1 or _src."id" = $2)');
  });
  it("refuses unknown operators and columns, bad lists and trees nested too deeply", () => {
    expect(refusal(() => where("id=between.1"))[1]).toBe("PGRST100");
    expect(refusal(() => where("secret=eq.1"))).toEqual([400, "42703", "column blog_posts.secret does not exist"]);
    expect(refusal(() => where("id=in.1,2"))[1]).toBe("PGRST100");
    expect(refusal(() => where("id=is.maybe"))[1]).toBe("PGRST100");
    expect(refusal(() => where("or=()"))[1]).toBe("PGRST100");
    expect(refusal(() => where(`or=${"(or".repeat(12)}(id.eq.1)${")".repeat(12)}`))[1]).toBe("PGRST100");
  });
});

describe("buildOrder", () => {
  it("orders by checked columns with direction and nulls placement", () => {
    expect(buildOrder(null, posts)).toBe("");
    expect(buildOrder("created_at.desc.nullslast,id", posts)).toBe(' order by _src."created_at" desc nulls last, _src."id"');
    expect(refusal(() => buildOrder("id.sideways", posts))[1]).toBe("PGRST100");
    expect(refusal(() => buildOrder("nope", posts))[1]).toBe("42703");
  });
});

describe("nonNegativeInt", () => {
  it("reads limit/offset values", () => {
    expect(nonNegativeInt(null, "limit")).toBeNull();
    expect(nonNegativeInt("25", "limit")).toBe(25);
    expect(refusal(() => nonNegativeInt("-1", "limit"))[1]).toBe("PGRST100");
    expect(refusal(() => nonNegativeInt("1e3", "offset"))[1]).toBe("PGRST100");
  });
});
