/**
 * The islands loader (src/app/islands/entry.ts) as one more entry of the client build, and its built
 * file name for the server build (`virtual:islands-entry`): public pages load it instead of React
 * Router's client (src/app/islands/README.md).
 *
 * React Router sets the client build's inputs (its client entry and the route modules); this adds the
 * loader to them. The server build runs after the client build and reads the loader's file and its
 * static imports from the client build's Vite manifest.
 *
 * In development (`npm run dev`) pages are rendered the same way: the loader is a small module of the dev
 * server (`virtual:islands-dev-entry`) that starts Vite's client (hot updates), React Router's Fast
 * Refresh runtime (an island's component is updated in place when edited) and the loader itself. An edit
 * the browser has no module for (a page's static parts, which only the server renders) reloads pages in
 * islands mode.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:islands-entry";
const RESOLVED = `\0${VIRTUAL}`;
const DEV_ENTRY = "virtual:islands-dev-entry";
const DEV_RESOLVED = `\0${DEV_ENTRY}`;
/** The dev entry's URL on Vite's dev server (how Vite serves a virtual module). */
export const DEV_ENTRY_URL = `/@id/__x00__${DEV_ENTRY}`;
/** Sent to the browser when a file only the server renders has changed (development). */
const RELOAD_EVENT = "wasla:islands-reload";
export const ISLANDS_ENTRY = "src/app/islands/entry.ts";

/**
 * The loader in development. React Router's Fast Refresh runtime revalidates its router before it
 * refreshes; a page in islands mode has no router, so it gets one that has nothing to revalidate.
 */
const DEV_ENTRY_SOURCE = `import "/@vite/client";
import "virtual:react-router/inject-hmr-runtime";
import "/${ISLANDS_ENTRY}";
window.__reactRouterDataRouter ??= { revalidate: () => Promise.resolve() };
import.meta.hot?.on(${JSON.stringify(RELOAD_EVENT)}, () => location.reload());
`;

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
    hotUpdate({ file, modules, server }) {
      if (this.environment.name !== "ssr" || modules.length === 0) return;
      // In the browser's module graph (an island's code, the admin area): Vite's own hot update handles it.
      if (server.environments.client.moduleGraph.getModulesByFile(file)?.size) return;
      server.environments.client.hot.send({ type: "custom", event: RELOAD_EVENT });
    },
    options(options) {
      const input = options.input;
      if (!Array.isArray(input) || !input.some((i) => /entry\.client\.[jt]sx?$/.test(i))) return null;
      return { ...options, input: [...input, path.resolve(root, ISLANDS_ENTRY)] };
    },
    resolveId(id) {
      if (id === VIRTUAL) return RESOLVED;
      return id === DEV_ENTRY ? DEV_RESOLVED : null;
    },
    load(id) {
      if (id === DEV_RESOLVED) return DEV_ENTRY_SOURCE;
      if (id !== RESOLVED) return null;
      if (!build) return `export default ${JSON.stringify({ file: DEV_ENTRY_URL, imports: [] })};`;
      const file = path.resolve(root, clientDir, ".vite/manifest.json");
      const script = existsSync(file) ? islandsScript(JSON.parse(readFileSync(file, "utf8"))) : null;
      return `export default ${JSON.stringify(script)};`;
    },
  };
}
