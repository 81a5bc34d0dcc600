/**
 * The production server runs its TypeScript sources with Node's own type stripping, without a loader
 * (scripts/lib/server-command.mjs). tsc keeps the syntax erasable (`erasableSyntaxOnly`); what it cannot
 * see is how a module is found at run time: Node resolves only explicit relative paths, so an import
 * without its extension or through the `@/` alias works in Vite and tsc and fails in production, possibly
 * only when a lazily loaded module (the mail templates, the image renderer) is first needed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { devOptionalPaths, productionPaths } from "../scripts/prune-dev-optional.mjs";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "server");
// Static and dynamic imports whose specifier is a literal; `import type` and `export type` are erased.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;"']*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every module the server can load from its own sources, following relative imports from server/. */
function reachableModules() {
  const entries = execFileSync("git", ["ls-files", "server"], { cwd: root, encoding: "utf8" })
    .split("\n")
    // server/dev.ts and dev-server.ts are the development server (Vite); the production server never loads them.
    .filter((f) => /\.(ts|mjs)$/.test(f) && !/\.test\.ts$/.test(f) && !["server/dev.ts", "server/dev-server.ts"].includes(f))
    .map((f) => path.join(root, f));
  const seen = new Set<string>();
  const problems: string[] = [];
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (m[1]) continue;
      const spec = (m[2] ?? m[3])!;
      const where = `${path.relative(root, file)}: "${spec}"`;
      if (spec.startsWith("@/")) problems.push(`${where} (the @/ alias: use a relative path)`);
      if (!spec.startsWith(".")) {
        if (!spec.startsWith("node:") && !spec.startsWith("@/"))
          packages.add(
            spec
              .split("/")
              .slice(0, spec.startsWith("@") ? 2 : 1)
              .join("/"),
          );
        continue;
      }
      const target = path.resolve(path.dirname(file), spec.split("?")[0]!);
      if (!existsSync(target) || !/\.(ts|mjs|js|json)$/.test(target)) problems.push(`${where} (not a file: add its extension)`);
      else if (/\.(ts|mjs|js)$/.test(target)) queue.push(target);
    }
  }
  return { seen, problems, packages };
}

describe("the server's sources load without a loader", () => {
  it("imports only files Node can find by their path", () => {
    const { seen, problems } = reachableModules();
    expect(seen.size).toBeGreaterThan(50);
    expect([...seen].some((f) => f.includes(`${path.sep}src${path.sep}lib${path.sep}mail${path.sep}`))).toBe(true);
    expect(problems).toEqual([]);
  });

  it("imports only packages it declares as production dependencies, and no compiler", () => {
    const { packages } = reachableModules();
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(packages.size).toBeGreaterThan(10);
    expect([...packages].filter((p) => !(p in pkg.dependencies)).sort()).toEqual([]);
    // The mail templates and catalogs are compiled by the build (scripts/build-mail.mjs).
    expect(
      [...packages].filter((p) => /^(@babel\/|@lingui\/(babel|cli|message-utils)|esbuild$|gettext-parser$|typescript$|vite$)/.test(p)),
    ).toEqual([]);
  });

  it("installs no compiler in the production tree, and every package the server imports", () => {
    // What the image installs: `npm prune --omit=dev` of the full install, then scripts/prune-dev-optional.mjs.
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean; resolved?: string; link?: boolean }>;
    };
    const installed = new Set(productionPaths(lock));
    // @lingui/core's optional peer keeps the Babel macro (and @babel/core) in `npm ci --omit=dev`: the prune removes it.
    // (@lingui/message-utils stays: @lingui/core itself depends on it.)
    expect(devOptionalPaths(lock)).toContain("node_modules/@babel/core");
    // No part of Babel either (its parser, traverse, generator…): only @babel/runtime, the helpers that
    // @emotion/* and @lingui/core call at run time.
    const compilers = [...installed].filter((p) =>
      /^node_modules\/(@babel\/(?!runtime$).+|@lingui\/(babel-plugin-lingui-macro|cli)|babel-plugin-macros|esbuild|gettext-parser|tsx|typescript|vite)$/.test(
        p,
      ),
    );
    expect(compilers).toEqual([]);
    // @emotion/react depends on @emotion/babel-plugin for its macro only: the lockfile links the stand-in
    // (packages/README.md), whose module throws if anything ever loads it.
    expect(lock.packages["node_modules/@emotion/babel-plugin"]).toEqual({ resolved: "packages/emotion-babel-plugin-unused", link: true });
    const { packages } = reachableModules();
    expect([...packages].filter((p) => !installed.has(`node_modules/${p}`)).sort()).toEqual([]);
  });

  it("runs the lazily loaded mail templates under plain Node", () => {
    const script = `
      const m = await import(${JSON.stringify(path.join(serverDir, "mail/templates.ts"))});
      const [site, team] = await Promise.all([m.loadTemplates(), m.loadTeamTemplates()]);
      console.log(Object.keys(site).length > 0 && Object.keys(team).length > 0 ? "ok" : "empty");`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
      timeout: 60_000,
    });
    expect(out.trim()).toBe("ok");
  }, 90_000);
});
