// @vitest-environment node
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "../http.ts";
import { signJwt } from "../jwt.ts";
import { harness, manualClock, scriptedDb } from "../testing.ts";
import { isValidObjectName } from "./context.ts";
import { storageRouter } from "./index.ts";
import { normalizeCacheControl } from "./upload.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const ANON = signJwt({ role: "anon" }, SECRET);
const EDITOR = signJwt({ role: "authenticated", sub: "55555555-5555-4555-8555-555555555555" }, SECRET);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

function setup() {
  const { db, asked } = scriptedDb((sql) => {
    if (sql.includes("from storage.buckets"))
      return [{ id: "blog-images", public: true, file_size_limit: 1024, allowed_mime_types: ["image/gif", "image/png"] }];
    if (sql.includes("insert into storage.objects")) return [{ id: "66666666-6666-4666-8666-666666666666" }];
    return [];
  });
  const clock = manualClock();
  const router = storageRouter({ db, jwtSecret: SECRET, onError: () => {}, now: clock.now });
  const send = harness("/storage/v1", router, [verifyCredentials(SECRET, clock.now)]);
  const upload = (name: string, body: Buffer | string, token = EDITOR) =>
    send("POST", `/storage/v1/object/blog-images/${name}`, {
      headers: { apikey: ANON, authorization: `Bearer ${token}`, "content-type": "image/gif" },
      body,
    });
  return { upload, asked, clock };
}

describe("object names", () => {
  it("accepts Storage's characters in non-empty segments only", () => {
    expect(isValidObjectName("posts/2026/cover image (1).png")).toBe(true);
    for (const bad of ["", "/a", "a/", "a//b", "a/../b", "./a", "a\\b", "a\u0000b", "a/ b", "x".repeat(1025)])
      expect(isValidObjectName(bad), JSON.stringify(bad)).toBe(false);
  });
  it("normalizeCacheControl: seconds become max-age, anything odd the default", () => {
    expect(normalizeCacheControl(null)).toBe("max-age=3600");
    expect(normalizeCacheControl("60")).toBe("max-age=60");
    expect(normalizeCacheControl("no-cache")).toBe("no-cache");
    expect(normalizeCacheControl("max-age=1\r\nX: y")).toBe("max-age=3600");
  });
});

describe("POST /storage/v1/object/:bucket/*path", () => {
  it("stores the row as the caller and the bytes as the server, with metadata on the API clock", async () => {
    const { upload, asked, clock } = setup();
    const res = await upload("posts/a.gif", Buffer.from(GIF));
    expect(res).toMatchObject({ status: 200, body: { Id: "66666666-6666-4666-8666-666666666666", Key: "blog-images/posts/a.gif" } });
    const insert = asked.find((a) => a.sql.includes("insert into storage.objects"))!;
    expect(JSON.parse(String(insert.params[3]))).toMatchObject({
      mimetype: "image/gif",
      size: GIF.length,
      lastModified: clock.now().toISOString(),
    });
    const order = asked.map((a) => a.sql.trim().split(/\s+/).slice(0, 3).join(" "));
    expect(order.indexOf("reset role")).toBeLessThan(order.findIndex((s) => s.startsWith("insert into embedded.object_data")));
    expect(order.indexOf("reset role")).toBeGreaterThan(order.findIndex((s) => s.startsWith("insert into storage.objects")));
  });

  it("refuses a type the bucket does not take (read from the bytes), an empty file, one over the limit, and a bad name", async () => {
    const { upload } = setup();
    expect(await upload("a.gif", "<svg onload=alert(1)>")).toMatchObject({
      status: 415,
      body: { statusCode: "415", error: "invalid_mime_type" },
    });
    expect(await upload("a.gif", "")).toMatchObject({ status: 400, body: { message: "The file is empty" } });
    expect(await upload("a.gif", Buffer.concat([GIF, Buffer.alloc(2000)]))).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
    expect(await upload("a//b.gif", GIF)).toMatchObject({ status: 400, body: { error: "InvalidKey" } });
  });

  it("answers a token it does not accept in Storage's shape", async () => {
    const { upload } = setup();
    expect(await upload("a.gif", GIF, signJwt({ role: "authenticated" }, `${SECRET}!`))).toMatchObject({
      status: 403,
      body: { statusCode: "403", message: "invalid signature" },
    });
  });
});
