/**
 * nginx as a benchmark's reference (scripts/bench-capacity.mjs, scripts/bench-analytics.mjs): the system's
 * /usr/sbin/nginx with a prefix and a config of its own under a temporary directory, on a loopback port, in
 * the foreground (`daemon off`), so that it is the benchmark's child and stops with it.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const NGINX = "/usr/sbin/nginx";
export const hasNginx = () => existsSync(NGINX);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts nginx under `prefix` on 127.0.0.1:`port`. `server` is the inside of the `server {}` block after its
 * `listen` (locations), `http` more directives for the `http {}` block. Resolves once `probe` answers (the
 * child process, `stop()` and the base URL); throws if nginx exits or does not answer within 10 s.
 */
export async function startNginx({ prefix, port, server, http = "", probe = "/" }) {
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  // nginx's workers (as nobody when run by root) read the files it serves: the prefix must be traversable.
  chmodSync(prefix, 0o755);
  const conf = `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  client_body_temp_path ${prefix}/tmp-body;
  proxy_temp_path ${prefix}/tmp-proxy;
  fastcgi_temp_path ${prefix}/tmp-fastcgi;
  uwsgi_temp_path ${prefix}/tmp-uwsgi;
  scgi_temp_path ${prefix}/tmp-scgi;
${http}
  server {
    listen 127.0.0.1:${port};
${server}
  }
}
`;
  const file = path.join(prefix, "nginx.conf");
  writeFileSync(file, conf);
  const child = spawn(NGINX, ["-p", prefix, "-c", file, "-g", "daemon off;"], { stdio: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    // SIGTERM: nginx's master stops its workers, then exits.
    const done = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([done, sleep(10_000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const errors = () => {
    try {
      return readFileSync(path.join(prefix, "logs/error.log"), "utf8").trim().split("\n").slice(-5).join("\n");
    } catch {
      return "";
    }
  };
  let last;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null || child.signalCode)
      throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}): ${errors()}\n${conf}`);
    try {
      await (await fetch(`${base}${probe}`)).arrayBuffer();
      return { child, stop, base };
    } catch (e) {
      last = e;
      await sleep(50);
    }
  }
  await stop();
  throw new Error(`nginx did not answer on ${base}${probe} (${last?.cause ?? last}): ${errors()}`);
}
