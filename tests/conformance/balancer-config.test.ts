/**
 * The balancer's backends as deploy/haproxy/entrypoint.sh writes them from UPSTREAMS and ANALYTICS_UPSTREAMS
 * (docs/deploy.md). The script runs as it does in the container, with a stand-in `haproxy` first on PATH that
 * records its arguments, so the test needs no HAProxy; where the real one is installed, it also checks the
 * written configuration (`haproxy -c`).
 *
 * What matters for the beacon: each analytics listener is checked on its own node's /readyz (the node's port
 * from UPSTREAMS), so a node that got SIGTERM stops getting beacons seconds before its listener closes. With a
 * connection check it kept getting them until the listener closed, and one that reached the closing listener
 * was reset after it was sent (a CI run of the deploy check on 28 November: one beacon failed outside the
 * SIGKILL phase), which HAProxy does not retry for a POST.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper without types
import { root } from "../../scripts/lib/setup.mjs";

const dir = mkdtempSync(join(tmpdir(), "balancer-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "haproxy"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${dir}/haproxy-args"\n`);
chmodSync(join(dir, "haproxy"), 0o755);

/** Runs the entrypoint with these variables; its exit code, stderr and the backends it wrote. */
function entrypoint(env: Record<string, string>) {
  const backend = join(dir, `backend-${Math.random().toString(36).slice(2)}.cfg`);
  const r = spawnSync("sh", [join(root as string, "deploy/haproxy/entrypoint.sh")], {
    env: { PATH: `${dir}:/usr/bin:/bin`, HAPROXY_BACKEND_FILE: backend, ...env },
    encoding: "utf8",
  });
  let config = "";
  try {
    config = readFileSync(backend, "utf8");
  } catch {
    // not written
  }
  return { status: r.status, stderr: r.stderr, config, backend };
}

/** The lines of one backend section. */
function section(config: string, name: string): string[] {
  const lines = config.split("\n");
  const start = lines.indexOf(`backend ${name}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.startsWith("backend "));
  return lines.slice(start + 1, end < 0 ? undefined : end).map((l) => l.trim());
}

const realHaproxy = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"].find((p) => spawnSync(p, ["-v"]).status === 0);

describe("deploy/haproxy/entrypoint.sh", () => {
  it("checks each analytics listener on its own node's /readyz, and runs HAProxy on what it wrote", () => {
    const r = entrypoint({ UPSTREAMS: "web1:3000 web2:3100", ANALYTICS_UPSTREAMS: "web1:3001 web2:3101" });
    expect(r.status, r.stderr).toBe(0);
    const beacon = section(r.config, "beacon");
    expect(beacon).toContain("option httpchk GET /readyz");
    expect(beacon).toContain("http-check expect status 200");
    expect(beacon.filter((l) => l.startsWith("server "))).toEqual(["server web1 web1:3001 port 3000", "server web2 web2:3101 port 3100"]);
    // The pages: the nodes on their /readyz, and the fallback on a connection check.
    expect(section(r.config, "nodes")).toContain("option httpchk GET /readyz");
    expect(section(r.config, "nodes").filter((l) => l.startsWith("server "))).toEqual(["server web1 web1:3000", "server web2 web2:3100"]);
    expect(section(r.config, "fallback")).not.toContain("option httpchk GET /readyz");
    const args = readFileSync(join(dir, "haproxy-args"), "utf8").trim().split("\n");
    expect(args).toEqual(["-W", "-db", "-f", "/etc/haproxy/haproxy.cfg", "-f", r.backend]);
  });

  it("without ANALYTICS_UPSTREAMS, the beacon goes to the nodes' own port, checked the same way", () => {
    const r = entrypoint({ UPSTREAMS: "web1:3000 web2:3000" });
    expect(r.status, r.stderr).toBe(0);
    const beacon = section(r.config, "beacon");
    expect(beacon).toContain("option httpchk GET /readyz");
    expect(beacon.filter((l) => l.startsWith("server "))).toEqual(["server web1 web1:3000 port 3000", "server web2 web2:3000 port 3000"]);
  });

  it("refuses an analytics listener on a host that is not a node, and a missing UPSTREAMS", () => {
    const stray = entrypoint({ UPSTREAMS: "web1:3000", ANALYTICS_UPSTREAMS: "web1:3001 web3:3001" });
    expect(stray.status).not.toBe(0);
    expect(stray.stderr).toContain("ANALYTICS_UPSTREAMS names web3, which is not in UPSTREAMS");
    const none = entrypoint({});
    expect(none.status).not.toBe(0);
    expect(none.stderr).toContain("set UPSTREAMS");
  });

  it.runIf(realHaproxy)("HAProxy accepts the configuration it is given", () => {
    const r = entrypoint({ UPSTREAMS: "web1:3000 web2:3000", ANALYTICS_UPSTREAMS: "web1:3001 web2:3001" });
    const check = spawnSync(realHaproxy!, ["-c", "-f", join(root as string, "deploy/haproxy/haproxy.cfg"), "-f", r.backend], {
      encoding: "utf8",
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });
});
