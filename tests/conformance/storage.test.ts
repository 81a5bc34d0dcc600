import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PNG_1PX,
  USER_EMAIL,
  USER_PASSWORD,
  signedIn,
  startServer,
  type TestServer,
} from "../support/api-server.ts";

let srv: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>["client"];

beforeAll(async () => {
  srv = await startServer();
  admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
});
afterAll(async () => {
  await srv?.close();
});

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("storage uploads", () => {
  it("uploads multipart (as the editor does) and serves the public URL with the stored type and cache control", async () => {
    const path = `${Date.now()}-hero.png`;
    const file = new Blob([PNG_1PX], { type: "image/png" });
    const up = await admin.storage.from("blog-images").upload(path, file, { cacheControl: "3600", upsert: true });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `blog-images/${path}` });
    expect(up.data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const { data } = admin.storage.from("blog-images").getPublicUrl(path);
    expect(data.publicUrl).toBe(`${srv.url}/storage/v1/object/public/blog-images/${path}`);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("max-age=3600");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    const etag = res.headers.get("etag")!;
    const again = await fetch(data.publicUrl, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("uploads a raw body with x-upsert and overwrites", async () => {
    const path = "raw/pixel.gif";
    const a = await admin.storage.from("blog-images").upload(path, PNG_1PX, { upsert: true, contentType: "image/png" });
    expect(a.error).toBeNull();
    const b = await admin.storage.from("blog-images").upload(path, GIF, { upsert: true, contentType: "image/gif" });
    expect(b.error).toBeNull();
    const res = await fetch(`${srv.url}/storage/v1/object/public/blog-images/${path}`);
    expect(res.headers.get("content-type")).toBe("image/gif");
    const dup = await admin.storage.from("blog-images").upload(path, GIF, { upsert: false });
    expect(dup.error).toBeTruthy();
    expect((dup.error as unknown as { statusCode: string }).statusCode).toBe("409");
  });

  it("checks the real bytes: SVG and text disguised as PNG are refused with Storage's error shape", async () => {
    for (const [body, type] of [
      [SVG, "image/svg+xml"],
      [Buffer.from("hello, not an image"), "image/png"],
    ] as const) {
      const res = await fetch(`${srv.url}/storage/v1/object/blog-images/evil.png`, {
        method: "POST",
        headers: {
          apikey: srv.api.anonKey,
          Authorization: `Bearer ${(await admin.auth.getSession()).data.session!.access_token}`,
          "Content-Type": type,
        },
        body,
      });
      expect(res.status).toBe(415);
      const j = (await res.json()) as Record<string, string>;
      expect(j.statusCode).toBe("415");
      expect(j.error).toBe("invalid_mime_type");
      expect(typeof j.message).toBe("string");
    }
    const js = await admin.storage.from("blog-images").upload("x.svg", new Blob([SVG], { type: "image/svg+xml" }));
    expect(js.error).toBeTruthy();
  });

  it("refuses objects over 5 MB with 413", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    PNG_1PX.copy(big);
    const r = await admin.storage.from("blog-images").upload("big.png", big, { contentType: "image/png" });
    expect(r.error).toBeTruthy();
    expect((r.error as unknown as { statusCode: string }).statusCode).toBe("413");
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const form = new FormData();
    form.append("cacheControl", "3600");
    form.append("", new Blob([big], { type: "image/png" }));
    const res = await fetch(`${srv.url}/storage/v1/object/blog-images/big2.png`, {
      method: "POST",
      headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { statusCode: string }).statusCode).toBe("413");
  });

  it("rejects names that could escape the bucket", async () => {
    const token = (await admin.auth.getSession()).data.session!.access_token;
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      "a/../../b.png",
      "%2Fabs.png",
      "a%00b.png",
      "a//b.png",
      ".%2Fx.png",
      "a%2F..%2Fb.png",
      "a%0Ab.png",
      "a%5Cb.png",
    ]) {
      const res = await fetch(`${srv.url}/storage/v1/object/blog-images/${name}`, {
        method: "POST",
        headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${token}`, "Content-Type": "image/png" },
        body: PNG_1PX,
      });
      expect([400, 404], name).toContain(res.status);
      const j = (await res.json()) as { statusCode: string; error: string; message: string };
      expect(j.statusCode, name).toBe(String(res.status));
    }
  });

  it("only administrators upload and delete (RLS on storage.objects)", async () => {
    const anon = await srv.client().storage.from("blog-images").upload("anon.png", PNG_1PX, { contentType: "image/png" });
    expect((anon.error as unknown as { statusCode: string }).statusCode).toBe("403");
    const user = (await signedIn(srv, USER_EMAIL, USER_PASSWORD)).client;
    const u = await user.storage.from("blog-images").upload("user.png", PNG_1PX, { contentType: "image/png" });
    expect((u.error as unknown as { statusCode: string }).statusCode).toBe("403");
    await admin.storage.from("blog-images").upload("to-delete.png", PNG_1PX, { contentType: "image/png", upsert: true });
    const ud = await user.storage.from("blog-images").remove(["to-delete.png"]);
    expect(ud.error).toBeNull();
    expect(ud.data).toEqual([]);
    const del = await admin.storage.from("blog-images").remove(["to-delete.png", "never-existed.png"]);
    expect(del.error).toBeNull();
    expect(del.data!.map((o) => o.name)).toEqual(["to-delete.png"]);
    const gone = await fetch(`${srv.url}/storage/v1/object/public/blog-images/to-delete.png`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
  });
});
