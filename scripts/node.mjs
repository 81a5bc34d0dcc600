#!/usr/bin/env node
/**
 * `node scripts/node.mjs [node options] <program> [arguments]`: runs one of the repository's Node
 * programs (most are TypeScript, which Node strips itself from 22.18) on a supported Node. On an older
 * Node it first fetches Node 24 once (scripts/lib/setup.mjs, the same as `npm start` and `npm test`),
 * so every `npm run` script works on a machine that ships Node 18 or 20. Plain JavaScript: it must run
 * on those.
 *
 * Without node options the program runs in this process; with options (V8 flags, which must be on the
 * command line) it runs in a child that gets this process's SIGINT/SIGTERM and whose exit code this
 * process ends with.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureSupportedNode, runForwarding } from "./lib/setup.mjs";

await ensureSupportedNode();

const argv = process.argv.slice(2);
const at = argv.findIndex((a) => !a.startsWith("-"));
if (at < 0) {
  console.error("usage: node scripts/node.mjs [node options] <program> [arguments]");
  process.exit(2);
}
if (at === 0) {
  const program = path.resolve(argv[0]);
  process.argv = [process.execPath, program, ...argv.slice(1)];
  await import(pathToFileURL(program).href);
} else {
  await runForwarding(process.execPath, argv);
}
