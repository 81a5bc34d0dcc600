/** Types of scripts/prune-dev-optional.mjs for the tests that import it. */
interface Lockfile {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
}
export function devOptionalPaths(lock: Lockfile): string[];
export function productionPaths(lock: Lockfile): string[];
