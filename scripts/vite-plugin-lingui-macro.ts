/**
 * Compiles Lingui macros (`@lingui/react/macro`, `@lingui/core/macro`) with Babel before Vite's own
 * TypeScript/JSX transform. Only files that import a macro are touched; TypeScript and JSX syntax are
 * kept as they are, so the rest of the pipeline (React Router, Storybook, Vitest) is unchanged.
 */
import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

const SOURCE = /\.[cm]?[jt]sx?$/;

export function linguiMacro(): Plugin {
  return {
    name: "lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!SOURCE.test(file) || file.includes("/node_modules/")) return null;
      if (!code.includes('/macro"') && !code.includes("/macro'")) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map };
    },
  };
}
