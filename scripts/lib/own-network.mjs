/**
 * The browser test layers run in a network namespace of their own, with only a loopback interface, when
 * the machine allows it (Linux with `unshare`: as root, or through a user namespace otherwise).
 *
 * Why: Chromium watches the machine's network interfaces and, when one appears or goes away, fails every
 * request in flight with net::ERR_NETWORK_CHANGED, loopback ones included. Docker makes a veth pair for
 * every container and every build step, so a `docker build` or a compose stack started beside the e2e
 * layer (CI's deploy check) made module scripts of the admin fail to load: the page never hydrated and a
 * sign-in waited 20 s for nothing (rehearsals ci5 and ci9: 63 failed requests in one test). Measured here
 * with Debian's Chromium loading a page of 60 modules for 15 s while a veth pair came and went every
 * 0.5 s: 199 failed requests in the machine's namespace, 0 in a namespace of its own.
 * The tests need nothing beyond 127.0.0.1: their servers run inside the namespace with them.
 * TEST_NETNS=0 turns it off.
 */
import { spawnSync } from "node:child_process";

let prefix;

/** The command line that runs a command in its own network namespace, or null where that cannot be done. */
function ownNetworkPrefix() {
  if (prefix !== undefined) return prefix;
  prefix = null;
  if (process.platform !== "linux" || process.env.TEST_NETNS === "0") return prefix;
  const asRoot = process.getuid?.() === 0;
  const candidate = [
    "unshare",
    "--net",
    ...(asRoot ? [] : ["--map-root-user"]),
    "--",
    "sh",
    "-c",
    'PATH="$PATH:/usr/sbin:/sbin" ip link set lo up && exec "$0" "$@"',
  ];
  const probe = spawnSync(candidate[0], [...candidate.slice(1), "true"], { stdio: "ignore" });
  if (probe.status === 0) prefix = candidate;
  return prefix;
}

/** `[cmd, args]` to run `cmd args` with a loopback-only network of its own where possible, else as it is. */
export function inOwnNetwork(cmd, args) {
  const p = ownNetworkPrefix();
  return p ? [p[0], [...p.slice(1), cmd, ...args]] : [cmd, args];
}

/** Whether inOwnNetwork wraps commands on this machine (for a line in the log). */
export const hasOwnNetwork = () => ownNetworkPrefix() !== null;
