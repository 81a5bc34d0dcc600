/**
 * /storage/v1: upload (multipart or raw, x-upsert), public download, authenticated download, image
 * transformation and remove. Authorization is Row Level Security on storage.objects: the row is
 * written in the same transaction, as the request's role, as the bytes (kept in embedded.object_data,
 * so a row and its bytes are committed or rolled back together and deleting the row deletes the
 * bytes). One file per endpoint; what they share is in context.ts.
 */
import express from "express";
import { ImageRenderer, rendererOptionsFromEnv } from "../image-render.ts";
import { storageHandler, type StorageContext, type StorageDeps } from "./context.ts";
import { authenticatedDownload, publicDownload } from "./download.ts";
import { list } from "./list.ts";
import { remove } from "./remove.ts";
import { renderPublic } from "./render.ts";
import { upload } from "./upload.ts";

export function storageRouter(deps: StorageDeps) {
  const ctx: StorageContext = {
    db: deps.db,
    jwtSecret: deps.jwtSecret,
    renderer: new ImageRenderer(deps.images ?? rendererOptionsFromEnv(process.env)),
    now: deps.now ?? (() => new Date()),
    onError: deps.onError,
  };
  const router = express.Router();
  const endpoint = (fn: Parameters<typeof storageHandler>[1]) => storageHandler(ctx, fn);

  router.post("/object/list/:bucket", endpoint(list));
  router.post("/object/:bucket/*path", endpoint(upload));
  router.put("/object/:bucket/*path", endpoint(upload));
  router.get("/object/public/:bucket/*path", endpoint(publicDownload));
  router.head("/object/public/:bucket/*path", endpoint(publicDownload));
  router.get("/render/image/public/:bucket/*path", endpoint(renderPublic));
  router.head("/render/image/public/:bucket/*path", endpoint(renderPublic));
  router.get("/object/authenticated/:bucket/*path", endpoint(authenticatedDownload));
  router.get("/object/:bucket/*path", endpoint(authenticatedDownload));
  router.delete("/object/:bucket", endpoint(remove));

  router.use((req, res) => {
    req.resume();
    res.status(404).json({ statusCode: "404", error: "not_found", message: "Route not found" });
  });
  return router;
}
