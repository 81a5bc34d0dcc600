// Development-only Node module hook: compiles Lingui macros (`@lingui/core/macro`) in the shared mail
// templates (src/lib/mail/) when the server runs from a checkout that was never built (server/mail/templates.ts
// says so when it registers it). The production server loads the compiled build/mail/ modules instead
// (scripts/build-mail.mjs). Babel with the Lingui macro plugin replaces `msg` with message descriptors,
// then esbuild strips the TypeScript.
import { transformAsync } from "@babel/core";
import { transform } from "esbuild";

// Shared modules of src/lib that the server also uses (the sanitiser for newsletter issues) import their
// siblings without an extension, as Vite allows: resolve those to the .ts file.
export async function resolve(specifier, context, nextResolve) {
  if (
    context.parentURL?.startsWith("file:") &&
    context.parentURL.includes("/src/lib/") &&
    /^\.\.?\//.test(specifier) &&
    !/\.[cm]?[jt]sx?$/.test(specifier)
  ) {
    try {
      return await nextResolve(`${specifier}.ts`, context);
    } catch {
      // not a TypeScript sibling: resolve as given
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.includes("/src/lib/mail/") || !/\.ts$/.test(new URL(url).pathname)) {
    return nextLoad(url, context);
  }
  const result = await nextLoad(url, { ...context, format: "module" });
  const code = typeof result.source === "string" ? result.source : new TextDecoder().decode(result.source);
  const filename = new URL(url).pathname;
  const macro = code.includes("/macro")
    ? await transformAsync(code, {
        filename,
        babelrc: false,
        configFile: false,
        sourceType: "module",
        parserOpts: { plugins: ["typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      })
    : null;
  const js = await transform(macro?.code ?? code, { loader: "ts", format: "esm", sourcefile: filename });
  return { format: "module", source: js.code, shortCircuit: true };
}
