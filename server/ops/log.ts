/**
 * A small structured logger: one line per event, JSON extras. Quiet under LOG_LEVEL=silent.
 * A line written while a request is handled carries its id (server/ops/request-id.ts). LOG_FORMAT=json writes
 * one JSON object per line instead: {"time","level","msg","requestId",…fields} (docs/serving.md).
 */
import { currentRequestId } from "./request-id.ts";

type Extra = Record<string, unknown> | undefined;

const level = process.env.LOG_LEVEL ?? "info";
const silent = level === "silent";
const quietInfo = level === "warn" || level === "error";
const json = process.env.LOG_FORMAT === "json";

function formatLine(kind: string, msg: string, extra: Extra, asJson = json, requestId = currentRequestId()): string {
  const time = new Date().toISOString();
  if (asJson) {
    const out: Record<string, unknown> = { time, level: kind, msg };
    if (requestId) out.requestId = requestId;
    for (const [key, value] of Object.entries(extra ?? {})) if (!(key in out)) out[key] = value;
    return JSON.stringify(out);
  }
  const fields = requestId ? { requestId, ...extra } : extra;
  const tail = fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
  return `[${time}] ${kind} ${msg}${tail}`;
}

export const log = {
  info(msg: string, extra?: Extra) {
    if (!silent && !quietInfo) console.log(formatLine("info", msg, extra));
  },
  warn(msg: string, extra?: Extra) {
    if (!silent && level !== "error") console.warn(formatLine("warn", msg, extra));
  },
  error(msg: string, extra?: Extra) {
    if (!silent) console.error(formatLine("error", msg, extra));
  },
};
export type Log = typeof log;

/** What the API and its jobs log through (this file's `log`, or a test's). */
export interface Logger {
  info(msg: string, extra?: object): void;
  warn(msg: string, extra?: object): void;
  error(msg: string, extra?: object): void;
}

/** A start-up line that is always written (supervisors wait for "listening on"): as it is, or as JSON with LOG_FORMAT=json. */
export function announce(msg: string): void {
  console.log(json ? formatLine("info", msg, undefined) : msg);
}
