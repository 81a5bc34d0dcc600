/**
 * The islands loader (src/app/islands/entry.ts) as one more entry of the client build, and its built
 * file name for the server build (`virtual:islands-entry`): public pages load it instead of React
 * Router's client (src/app/islands/README.md).
 *
 * React Router sets the client build's inputs (its client entry and the route modules); this adds the
 * loader to them. The server build runs after the client build and reads the loader's file and its
 * static imports from the client build's Vite manifest. In development there is no client build: the
 * module is `null` and pages hydrate as a whole.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:islands-entry";
const RESOLVED = `\0${VIRTUAL}`;
export const ISLANDS_ENTRY = "src/app/islands/entry.ts";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The entry's file and every chunk it imports statically (transitively), as public paths. */
export function islandsScript(manifest: Record<string, ManifestChunk>, entry = ISLANDS_ENTRY): { file: string; imports: string[] } | null {
  const chunk = manifest[entry];
  if (!chunk) return null;
  const imports = new Set<string>();
  const visit = (keys: string[] = []) => {
    for (const key of keys) {
      const dep = manifest[key];
      if (!dep || imports.has(`/${dep.file}`)) continue;
      imports.add(`/${dep.file}`);
      visit(dep.imports);
    }
  };
  visit(chunk.imports);
  return { file: `/${chunk.file}`, imports: [...imports] };
}

export function islands({ root = process.cwd(), clientDir = "build/client" } = {}): Plugin {
  let build = false;
  return {
    name: "wasla:islands",
    configResolved(config) {
      build = config.command === "build";
    },
    options(options) {
      const input = options.input;
      if (!Array.isArray(input) || !input.some((i) => /entry\.client\.[jt]sx?$/.test(i))) return null;
      return { ...options, input: [...input, path.resolve(root, ISLANDS_ENTRY)] };
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const file = path.resolve(root, clientDir, ".vite/manifest.json");
      const script = build && existsSync(file) ? islandsScript(JSON.parse(readFileSync(file, "utf8"))) : null;
      return `export default ${JSON.stringify(script)};`;
    },
  };
}
