/**
 * Checks every request before any route sees it (mounted first in the API router, which the app
 * mounts before the pages): a path whose percent-encoding does not decode is a 400, a method the site
 * does not speak (TRACE, CONNECT, WebDAV verbs…) is a 405, each in the shape of the service the path
 * belongs to. Without it, such requests reach code that throws on them (React Router builds a web
 * `Request`, which refuses TRACE and cannot decode the path) and end as 500s. Also logs each refused
 * API request (4xx) once.
 */
import type { NextFunction, Request, Response } from "express";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const API_PREFIX = /^\/(rest|auth|storage|functions)\/v1(\/|$)/;

type Service = "rest" | "auth" | "storage" | "functions" | "page";

function serviceOf(path: string): Service {
  const m = API_PREFIX.exec(path);
  return m ? (m[1] as Service) : "page";
}

function refuse(res: Response, service: Service, status: 400 | 405, message: string) {
  res.setHeader("Connection", "close");
  if (status === 405) res.setHeader("Allow", [...METHODS].join(", "));
  switch (service) {
    case "rest":
      res.status(status).json({ code: status === 405 ? "PGRST117" : "PGRST100", details: null, hint: null, message });
      return;
    case "storage":
      res.status(status).json({ statusCode: String(status), error: status === 405 ? "Method Not Allowed" : "InvalidRequest", message });
      return;
    case "auth":
      res.status(status).json({ code: status === 405 ? "method_not_allowed" : "validation_failed", message });
      return;
    case "functions":
      res.status(status).json({ error: status === 405 ? "method_not_allowed" : "invalid_request", message });
      return;
    default:
      res
        .status(status)
        .type("text/plain; charset=utf-8")
        .send(status === 405 ? "Method Not Allowed" : "Bad Request");
  }
}

/** The raw path (before the query), as sent. */
const rawPath = (req: Request) => (req.originalUrl ?? req.url).split("?")[0] ?? "/";

export function requestGuard(log: { info(msg: string, extra?: object): void }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = rawPath(req);
    const service = serviceOf(path);
    if (service !== "page" || path === "/api/demo/audio") {
      res.on("finish", () => {
        if (res.statusCode >= 400 && res.statusCode < 500) {
          log.info("api: request refused", { status: res.statusCode, method: req.method, path: path.slice(0, 200) });
        }
      });
    }
    if (!METHODS.has(req.method)) {
      req.resume();
      return refuse(res, service, 405, `Unsupported HTTP method: ${req.method.slice(0, 20)}`);
    }
    try {
      decodeURIComponent(path);
    } catch {
      req.resume();
      return refuse(res, service, 400, "The request path is not valid percent-encoded UTF-8");
    }
    next();
  };
}
