/**
 * Keeps one server process running: restarts it when it dies after it was ready, with a log line
 * saying why (exit code or signal, and the last error it printed), backing off when it crash-loops.
 *
 * - A child that exits by itself before it printed "listening on" failed to start (a damaged or
 *   locked data directory, a bad setting, a port in use): that is not retried; the supervisor exits
 *   with the child's code after naming the reason. A child killed by a signal is restarted, ready or not.
 * - SIGINT/SIGTERM are passed to the child, which shuts down cleanly; the supervisor then exits with
 *   the child's code and does not restart it. A second signal kills the child at once.
 * - Restarts wait 1 s, 2 s, 4 s … up to 30 s while the server keeps dying within a minute of its
 *   start; a run that lasted longer resets the delay.
 */
import { spawn } from "node:child_process";

const READY = /listening on (\S+)/;
const MAX_DELAY_MS = 30_000;
const STABLE_MS = 60_000;

/** The most useful line of what a process printed on stderr before dying. */
function lastError(lines) {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^(?:\w*Error|Error)(?: \[[A-Z_]+\])?: (.+)$/.exec(lines[i].trim());
    if (m) return lines[i].trim();
  }
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i].trim();
    // The server's own info and warning lines (`[time] warn …`) say nothing about why it died.
    const notice = /^\[[^\]]+\] (?:info|warn)\b/.test(l);
    if (l && !notice && !/^at\s/.test(l) && !/^Node\.js v/.test(l) && l !== "^" && !/^\s*\}?$/.test(l)) return l;
  }
  return null;
}

/**
 * @param {{ command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv,
 *   log?: (line: string) => void, signals?: boolean }} opts
 * @returns {Promise<number>} the exit code the supervisor should end with
 */
export function supervise(opts) {
  const log = opts.log ?? ((l) => console.error(`[supervisor] ${l}`));
  let child = null;
  let stopping = false;
  let restarts = 0;
  let delay = 1000;
  let timer = null;

  return new Promise((resolveExit) => {
    const finish = (code) => {
      if (timer) clearTimeout(timer);
      for (const s of ["SIGINT", "SIGTERM"]) process.off(s, onSignal);
      resolveExit(code);
    };

    function onSignal(signal) {
      if (!child) {
        log(`${signal}: stopping (no server running)`);
        return finish(0);
      }
      if (stopping) {
        log(`${signal} again: killing the server (pid ${child.pid})`);
        child.kill("SIGKILL");
        return;
      }
      stopping = true;
      log(`${signal}: stopping the server (pid ${child.pid})`);
      child.kill(signal);
    }
    if (opts.signals !== false) for (const s of ["SIGINT", "SIGTERM"]) process.on(s, onSignal);

    function run() {
      timer = null;
      const startedAt = Date.now();
      let ready = false;
      const stderrTail = [];
      const c = spawn(opts.command, opts.args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
      child = c;
      // Forwarded with back-pressure; the listeners below only look.
      c.stdout.pipe(process.stdout, { end: false });
      c.stderr.pipe(process.stderr, { end: false });
      let outBuf = "";
      c.stdout.on("data", (d) => {
        if (ready) return;
        outBuf = (outBuf + d.toString()).slice(-4096);
        if (READY.test(outBuf)) {
          ready = true;
          if (restarts > 0) log(`server is back (pid ${c.pid}, restart ${restarts})`);
        }
      });
      let errBuf = "";
      c.stderr.on("data", (d) => {
        errBuf = (errBuf + d.toString()).slice(-16384);
        const parts = errBuf.split("\n");
        errBuf = parts.pop() ?? "";
        stderrTail.push(...parts);
        if (stderrTail.length > 60) stderrTail.splice(0, stderrTail.length - 60);
      });
      c.on("error", (e) => {
        log(`could not start the server: ${e.message}`);
        child = null;
        finish(1);
      });
      c.on("exit", (code, signal) => {
        child = null;
        if (errBuf) stderrTail.push(errBuf);
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const why = lastError(stderrTail)?.replace(/\.$/, "");
        if (stopping) {
          log(`server stopped (${how.replace(/^was |^/, "")})`);
          return finish(code ?? 0);
        }
        if (!ready && !signal) {
          // It refused to start (it exited by itself): restarting would only repeat the refusal.
          log(`the server could not start and ${how}${why ? `: ${why}` : ""}. Not restarting: fix the cause and run npm start again.`);
          return finish(code || 1);
        }
        const lived = Date.now() - startedAt;
        if (lived > STABLE_MS) delay = 1000;
        restarts++;
        log(
          `server (pid ${c.pid}) ${how} after ${(lived / 1000).toFixed(1)} s${why ? `; last error: ${why}` : ""}. Restarting in ${delay / 1000} s.`,
        );
        timer = setTimeout(run, delay);
        delay = Math.min(delay * 2, MAX_DELAY_MS);
      });
    }
    run();
  });
}
