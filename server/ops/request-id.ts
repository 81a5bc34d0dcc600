/**
 * Request ids (docs/serving.md, "Logs and request ids"): every HTTP request gets one, taken from a
 * well-formed incoming `X-Request-Id` (a proxy's or a load balancer's, so one id follows the request
 * through every hop) or made here, answered in the `X-Request-Id` response header and carried on every
 * log line written while the request is handled (server/ops/log.ts reads it from `requestContext`).
 *
 * Plain TypeScript that Node loads without a loader (the page threads import it).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

/** At most 64 characters, letters, digits and `._:+=@/-` only: nothing that could break a log line or a header. */
const WELL_FORMED = /^[A-Za-z0-9._:+=@/-]{1,64}$/;

/** The incoming id when it is well-formed (one header, safe characters, at most 64), else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** The request being handled, for whatever runs on its behalf (its promises and callbacks included). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
