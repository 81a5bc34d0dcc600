/**
 * The lead → sales email path as docs/mail.md#the-path-of-a-lead lists it: at most ten stops, each a file
 * that exists and defines the function named, none in src/app (the pages); and nothing the path's code
 * imports, followed through every relative and `@/` import, reaches src/app.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { chainTo, reachable, repoRoot } from "../tests/support/import-graph.ts";

interface Stop {
  file: string;
  fn: string;
}

/** The numbered list under "## The path of a lead": each item opens with `file` `function`. */
function documentedStops(markdown: string): Stop[] {
  const section = /^## The path of a lead\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1] ?? "";
  return [...section.matchAll(/^\d+\. `([^`]+)` `([^`]+)`/gm)].map((m) => ({ file: m[1]!, fn: m[2]! }));
}

/** Whether `text` defines `fn`: a function, a method, a const, or a SQL function. */
function defines(text: string, fn: string): boolean {
  const name = fn.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `(?:function\\s+(?:public\\.)?${name}\\s*[<(]|(?:const|let)\\s+${name}\\s*[:=]|^\\s*(?:async\\s+)?${name}\\s*\\(.*\\)\\s*(?::[^=]*)?\\{\\s*$)`,
    "m",
  ).test(text);
}

const inApp = (file: string) => relative(repoRoot, file).startsWith("src/app/");

describe("the lead path", () => {
  const stops = documentedStops(readFileSync(join(repoRoot, "docs/mail.md"), "utf8"));

  it("is documented in at most ten stops, each a file that defines its function, none in src/app", () => {
    expect(stops.length).toBeGreaterThanOrEqual(8);
    expect(stops.length).toBeLessThanOrEqual(10);
    expect(stops[0]!.file).toBe("src/features/leads/components/sales-lead-form.tsx");
    expect(stops.at(-1)!.file).toBe("server/mail/worker.ts");
    for (const { file, fn } of stops) {
      expect(existsSync(join(repoRoot, file)), `${file} exists`).toBe(true);
      expect(defines(readFileSync(join(repoRoot, file), "utf8"), fn), `${file} defines ${fn}`).toBe(true);
      expect(file.startsWith("src/app/"), `${file} is not a page`).toBe(false);
    }
  });

  it("tells a definition from a mention (the check can fail)", () => {
    expect(defines("export async function handleSubmitForm(req: Request) {", "handleSubmitForm")).toBe(true);
    expect(defines("create function public.leads_mail_owner()", "leads_mail_owner")).toBe(true);
    expect(defines("  async submit(envelope: Envelope): Promise<SendOutcome> {", "submit")).toBe(true);
    expect(defines("const x = handleSubmitForm(req);", "handleSubmitForm")).toBe(false);
  });

  it("finds src/app when an import reaches it (the check can fail)", () => {
    const edges: Record<string, string[]> = { a: ["b"], b: ["src/app/root.tsx"], c: [] };
    const found = reachable(["a", "c"], (f) => edges[f] ?? []);
    expect(chainTo("src/app/root.tsx", found)).toEqual(["a", "b", "src/app/root.tsx"]);
  });

  it("imports nothing from src/app, from the form to the worker", () => {
    const code = stops.map((s) => join(repoRoot, s.file)).filter((f) => /\.(ts|tsx)$/.test(f));
    expect(code.length).toBeGreaterThanOrEqual(7);
    const found = reachable(code);
    // The walk follows the path into src/lib and supabase/functions (it does leave server/).
    expect([...found.keys()].some((f) => relative(repoRoot, f) === "src/lib/forms/schemas.ts")).toBe(true);
    expect([...found.keys()].some((f) => relative(repoRoot, f) === "src/lib/mail/assignment-templates.ts")).toBe(true);
    const pages = [...found.keys()].filter(inApp).map((f) =>
      chainTo(f, found)
        .map((x) => relative(repoRoot, x))
        .join(" → "),
    );
    expect(pages).toEqual([]);
  });
});
