/**
 * The one place that decides who a request comes from. The socket's peer address, unless the operator
 * says which proxies sit in front (`TRUST_PROXY`): then X-Forwarded-For is followed back through
 * those proxies only. A header anyone can write never decides on its own, and an entry that is not an
 * IP address stops the walk (the last trusted hop is taken), so junk can neither switch limits off nor
 * reach the database as an address.
 */
import { isIP } from "node:net";
import express, { type Request } from "express";

/**
 * `TRUST_PROXY` → Express's "trust proxy" value. Unset (or `false`/`0`/`none`): trust nothing.
 * A number N (1–10): N proxies in front. Otherwise a comma-separated list of addresses, CIDR ranges
 * or the names `loopback`, `linklocal`, `uniquelocal` (e.g. `loopback` behind a local nginx).
 * `true` is refused: it would take the left-most X-Forwarded-For entry, which the client writes.
 */
export function trustProxySetting(raw: string | undefined): false | number | string {
  const s = (raw ?? "").trim();
  if (s === "" || /^(false|0|none|off)$/i.test(s)) return false;
  if (/^true$/i.test(s)) {
    throw new Error(
      "TRUST_PROXY=true would believe any X-Forwarded-For header: give the proxy hop count (e.g. 1) or its addresses (e.g. loopback, 10.0.0.0/8)",
    );
  }
  if (/^\d+$/.test(s)) {
    const n = Number(s);
    if (n < 1 || n > 10) throw new Error(`TRUST_PROXY hop count must be between 1 and 10, got ${s}`);
    return n;
  }
  const list = s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  try {
    // Express compiles the list (proxy-addr) and throws on anything it cannot parse.
    express().set("trust proxy", list.join(","));
  } catch (e) {
    throw new Error(`TRUST_PROXY: ${(e as Error).message} (expected a hop count, or addresses/CIDR ranges/loopback/linklocal/uniquelocal)`);
  }
  return list.join(",");
}

const normalize = (a: string | undefined | null): string => {
  let s = (a ?? "").trim();
  if (s.startsWith("::ffff:") && isIP(s.slice(7)) === 4) s = s.slice(7);
  return s;
};

export type TrustFn = (addr: string, i: number) => boolean;

/** The client's IP address (IPv4-mapped IPv6 shown as IPv4), or "unknown" when the socket is gone. */
export function clientAddress(req: Request): string {
  return clientAddressWith(req, (req.app?.get?.("trust proxy fn") as TrustFn | undefined) ?? (() => false));
}

/** The same for a request Express has not seen yet (the analytics beacon's fast path), with the app's trust function. */
export function clientAddressWith(req: Pick<Request, "socket" | "headers">, trust: TrustFn): string {
  const socketAddr = normalize(req.socket?.remoteAddress);
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .reverse();
  const chain = [req.socket?.remoteAddress ?? "", ...forwarded];
  let client = socketAddr;
  for (let i = 0; i < chain.length - 1; i++) {
    if (!trust(chain[i]!, i)) break;
    const next = normalize(chain[i + 1]);
    if (!isIP(next)) break;
    client = next;
  }
  return isIP(client) ? client : "unknown";
}

/** The address as stored in `inet` columns: null when unknown. */
export function clientAddressOrNull(req: Request): string | null {
  const a = clientAddress(req);
  return a === "unknown" ? null : a;
}
