/**
 * Builds what the production server needs to send mail, so it runs no compiler: the mail templates
 * (src/lib/mail/*, written with Lingui macros) compiled by Vite with the same macro plugin as the site, and
 * the Lingui catalogs compiled to JSON. Part of `npm run build` (and of the image's build stage).
 *
 *   build/mail/<template>.js        one module per template entry below (shared code in chunks)
 *   build/mail/messages.<locale>.json
 *
 * server/mail/templates.ts and server/mail/i18n.ts load these; under Vite (tests, `npm run dev`) the
 * server loads the sources instead.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { compileCatalog } from "./lib/mail-catalogs.mjs";
import { linguiMacro } from "./vite-plugin-lingui-macro.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "build/mail");
/** Every template module: the files of src/lib/mail written with Lingui macros (server/mail/templates.ts loads them by name). */
const MAIL_ENTRIES = readdirSync(path.join(root, "src/lib/mail"))
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .filter((f) => /from "@lingui\/core\/macro"/.test(readFileSync(path.join(root, "src/lib/mail", f), "utf8")))
  .map((f) => f.slice(0, -3));
const LOCALES = ["ar", "en"];

const t = Date.now();
await build({
  configFile: false,
  root,
  logLevel: "warn",
  publicDir: false,
  plugins: [linguiMacro()],
  build: {
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: "node22",
    minify: false,
    sourcemap: true,
    rollupOptions: {
      input: Object.fromEntries(MAIL_ENTRIES.map((name) => [name, path.join(root, `src/lib/mail/${name}.ts`)])),
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
mkdirSync(outDir, { recursive: true });
for (const locale of LOCALES) {
  const messages = compileCatalog(path.join(root, `locales/${locale}/messages.po`), locale);
  writeFileSync(path.join(outDir, `messages.${locale}.json`), JSON.stringify(messages));
}
console.log(`mail: ${MAIL_ENTRIES.length} template modules and ${LOCALES.length} catalogs in build/mail (${Date.now() - t} ms)`);
