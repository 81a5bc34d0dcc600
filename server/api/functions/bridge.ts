/** Runs a shared web-standard Edge Function handler (Request → Response) behind Express. */
import type { Request, Response } from "express";

export async function bridge(
  req: Request,
  res: Response,
  body: Buffer | undefined,
  handler: (request: globalThis.Request) => Promise<globalThis.Response>,
) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  }
  headers.delete("content-length");
  const request = new globalThis.Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
  const response = await handler(request);
  res.status(response.status);
  response.headers.forEach((value, key) => {
    if (!key.startsWith("access-control-")) res.setHeader(key, value);
  });
  res.send(Buffer.from(await response.arrayBuffer()));
}
