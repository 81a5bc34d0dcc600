/**
 * /rest/v1: the PostgREST subset supabase-js uses, with PostgREST's statuses, headers and errors. One
 * file per endpoint; what they share (caller, schema cache, headers, wrapper) is in context.ts.
 */
import express from "express";
import { pgrst } from "../http.ts";
import { restHandler, type RestDeps } from "./context.ts";
import { insert } from "./insert.ts";
import { read } from "./read.ts";
import { remove } from "./remove.ts";
import { rpc } from "./rpc.ts";
import { update } from "./update.ts";

export function restRouter(deps: RestDeps): express.Router {
  const router = express.Router();
  const endpoint = (fn: Parameters<typeof restHandler>[1]) => restHandler(deps, fn);

  router.post("/rpc/:fn", endpoint(rpc));
  router.get("/rpc/:fn", endpoint(rpc));
  router.head("/rpc/:fn", endpoint(rpc));
  router.get("/:table", endpoint(read));
  router.head("/:table", endpoint(read));
  router.post("/:table", endpoint(insert));
  router.patch("/:table", endpoint(update));
  router.delete("/:table", endpoint(remove));
  router.all(
    "/:table",
    endpoint(async (_ctx, req) => {
      throw pgrst(405, "PGRST117", `Unsupported HTTP method: ${req.method}`);
    }),
  );
  router.all(
    "/",
    endpoint(async () => {
      throw pgrst(404, "PGRST125", "Invalid path specified in request URL");
    }),
  );
  return router;
}
