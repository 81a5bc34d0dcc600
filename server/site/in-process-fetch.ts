/**
 * A `fetch` for the server-side supabase-js client that hands each request straight to the embedded API's
 * Express router in this process: no socket, no HTTP parsing, no accept queue, so a loader's query is never
 * stuck behind the visitors the server is busy answering (the old loopback call had a 5 s timeout that
 * surfaced as a 503). supabase-js stays the one data contract: against hosted Supabase the loaders use the
 * ordinary network fetch instead (see src/app/supabase.server.ts).
 */
import { IncomingMessage, ServerResponse } from "node:http";
import inject from "light-my-request";

type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * light-my-request makes an Express app accept its fake requests by re-parenting the app's request and
 * response prototypes; in Express those are shared by every app in the process, so the real server's
 * requests would lose their `http.IncomingMessage` methods. Give this app private copies first.
 */
export function isolateExpressPrototypes(app: { request: object; response: object }): void {
  const request = Object.getPrototypeOf(app.request) as object;
  const response = Object.getPrototypeOf(app.response) as object;
  Object.setPrototypeOf(app.request, Object.create(IncomingMessage.prototype, Object.getOwnPropertyDescriptors(request)));
  Object.setPrototypeOf(app.response, Object.create(ServerResponse.prototype, Object.getOwnPropertyDescriptors(response)));
}

/** Requests whose URL starts with `base` go to `dispatch`; anything else uses the global fetch. */
export function inProcessFetch(dispatch: Dispatch, base: string): typeof fetch {
  const prefix = base.replace(/\/$/, "");
  return async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${prefix}/`)) return fetch(request);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    delete headers["accept-encoding"]; // nothing to gain from compressing in memory
    const method = request.method.toUpperCase();
    const payload = method === "GET" || method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
    const res = await inject(dispatch, {
      method,
      url: `${url.pathname}${url.search}`,
      headers,
      payload,
      remoteAddress: "127.0.0.1",
      signal: request.signal,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) out.append(name, v);
    }
    const nullBody = method === "HEAD" || res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: out,
    });
  };
}
