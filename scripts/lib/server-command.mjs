/**
 * How the production server is started (`npm start`, the benchmarks, the end-to-end tests).
 *
 * `--liftoff-only`: PGlite is PostgreSQL compiled to one large WebAssembly module, and by default V8
 * compiles it twice: at once with its baseline compiler (Liftoff), then again in the background with its
 * optimising compiler (TurboFan) for every function that runs often. For this module the second copy
 * costs 100–400 MB of memory and CPU that requests wait for. Measured here (3,000 list queries on the
 * seeded database): baseline code alone 1.2 s and 213 MB RSS, both tiers 1.8 s and 273–650 MB. The flag
 * has to be on the command line: V8 freezes its flags once it has started. See docs/serving.md.
 */
export const SERVER_ARGS = ["--liftoff-only", "--import", "tsx", "server/main.ts"];
