/** A small structured logger: one line per event, JSON extras. Quiet under LOG_LEVEL=silent. */
type Extra = Record<string, unknown> | undefined;

const level = process.env.LOG_LEVEL ?? "info";
const silent = level === "silent";
const quietInfo = level === "warn" || level === "error";

function line(kind: string, msg: string, extra: Extra) {
  const tail = extra && Object.keys(extra).length ? ` ${JSON.stringify(extra)}` : "";
  return `[${new Date().toISOString()}] ${kind} ${msg}${tail}`;
}

export const log = {
  info(msg: string, extra?: Extra) {
    if (!silent && !quietInfo) console.log(line("info", msg, extra));
  },
  warn(msg: string, extra?: Extra) {
    if (!silent && level !== "error") console.warn(line("warn", msg, extra));
  },
  error(msg: string, extra?: Extra) {
    if (!silent) console.error(line("error", msg, extra));
  },
};
export type Log = typeof log;
