/**
 * The repository's import graph as TypeScript's pre-processor reads it: every import a file makes
 * (static, type-only, re-export, dynamic with a literal path), relative or through the `@/` alias of
 * src/, resolved to the file it names. Used by server/import-cycles.test.ts and server/lead-path.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", "/index.ts", "/index.tsx"];

/** The file an import names, or null (a package, or nothing there). */
function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = join(repoRoot, "src", spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (/\.(ts|tsx|mts)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The files `file` imports (absolute paths). */
export function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  const targets = importedFiles.map((f) => resolveImport(file, f.fileName)).filter((t): t is string => t !== null);
  return [...new Set(targets)];
}

/** Every file reachable from `starts`, each with the file that first imported it (null for a start). */
export function reachable(starts: string[], edges: (file: string) => string[] = importsOf): Map<string, string | null> {
  const seen = new Map<string, string | null>(starts.map((s) => [s, null]));
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of edges(file)) {
      if (seen.has(next)) continue;
      seen.set(next, file);
      queue.push(next);
    }
  }
  return seen;
}

/** How `file` was reached: the chain of importers back to a start. */
export function chainTo(file: string, found: Map<string, string | null>): string[] {
  const chain = [file];
  for (let at = found.get(file); at; at = found.get(at)) chain.unshift(at);
  return chain;
}
