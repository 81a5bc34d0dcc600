/**
 * How the production server is started (`npm start`, the benchmarks, the end-to-end tests).
 *
 * `--liftoff-only`: PGlite is PostgreSQL compiled to one large WebAssembly module, and by default V8
 * compiles it twice: at once with its baseline compiler (Liftoff), then again in the background with its
 * optimising compiler (TurboFan) for every function that runs often. For this module the second copy
 * costs 100–400 MB of memory and CPU that requests wait for. Measured here (3,000 list queries on the
 * seeded database): baseline code alone 1.2 s and 213 MB RSS, both tiers 1.8 s and 273–650 MB. The flag
 * has to be on the command line: V8 freezes its flags once it has started. See docs/serving.md.
 *
 * No loader: Node (22.18+, 24) strips the types of the server's TypeScript itself, which `tsconfig.json`
 * keeps possible (`erasableSyntaxOnly`, explicit `.ts` extensions; server/native-load.test.ts checks the
 * imports). Loading the server through tsx instead cost 1.5–3 s of every start (measured back to back on
 * an existing data directory: 4.5–7.0 s to the first 200 with tsx, 2.7–5.0 s without, machine busy).
 *
 * `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory; on this machine it
 * grew to 128 MB (99 MB resident) while starting the server and kept it after every collection. With
 * semi-spaces of at most 8 MB it is released after a collection: idle RSS on an existing data directory
 * went from about 490 to 360 MB (measured with `process.memoryUsage()` and
 * `v8.getHeapSpaceStatistics()`, stage by stage; docs/serving.md). Page hits allocate almost nothing, so
 * the extra young collections cost renders a little and cached pages nothing measurable.
 */
import { spawn } from "node:child_process";

export const SERVER_ARGS = ["--liftoff-only", "--max-semi-space-size=8", "server/main.ts"];

/**
 * Starts the production server of the checkout in `cwd` on a loopback port and a data directory of its
 * own (the benchmarks and the page budget): `env` adds to or overrides the process's environment.
 */
export function spawnServer({ cwd, port, dataDir, env = {}, stdio = ["ignore", "pipe", "inherit"] }) {
  return spawn(process.execPath, SERVER_ARGS, {
    cwd,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env },
    stdio,
  });
}
