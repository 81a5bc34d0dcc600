/**
 * No import cycle inside server/, type-only imports included: ESLint's import-x/no-cycle skips
 * `import type`, so a cycle such as functions/index.ts ↔ submit-form.ts through a shared interface would
 * pass it. TypeScript's own pre-processor lists every import (static, type-only, re-export, dynamic).
 */
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf } from "../tests/support/import-graph.ts";

const root = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(d.name) ? [path] : [];
  });
}

/** The graph: each server file → the server files it imports. */
function importGraph(): Map<string, string[]> {
  const files = new Set(sources(root));
  const graph = new Map<string, string[]>();
  for (const file of files)
    graph.set(
      file,
      importsOf(file).filter((target) => files.has(target)),
    );
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe("server/ imports", () => {
  it("finds a cycle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["c", "b", "a"]]);
  });

  it("has no cycle, type-only imports included", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const named = cycles(graph).map((c) => c.map((f) => relative(root, f)).sort());
    expect(named).toEqual([]);
  });
});
