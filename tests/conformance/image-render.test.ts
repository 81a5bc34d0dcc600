/**
 * Storage image transformation (`/storage/v1/render/image/public/...`, supabase-js
 * `getPublicUrl(path, { transform })`): sizes, negotiated formats, cache headers, refusals.
 */
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedIn, startServer, type TestServer } from "../support/api-server.ts";

let srv: TestServer;
let admin: Awaited<ReturnType<typeof signedIn>>["client"];
const BUCKET = "blog-images";

/** A 1600×900 JPEG with gradients and shapes (something like a photo's structure). */
async function photo(width = 1600, height = 900): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f766e"/><stop offset="1" stop-color="#f5d08a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="#fff" opacity="0.4"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.6}" fill="#134e4a" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A valid PNG header declaring 30000×30000 pixels (900 MP) with almost no data: a decompression bomb. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(30001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function upload(name: string, data: Buffer, contentType: string) {
  const { error } = await admin.storage.from(BUCKET).upload(name, data, { upsert: true, contentType, cacheControl: "3600" });
  expect(error).toBeNull();
}

const render = (name: string, query: string, accept?: string, extra: Record<string, string> = {}) =>
  fetch(`${srv.url}/storage/v1/render/image/public/${BUCKET}/${name}?${query}`, {
    headers: { ...(accept ? { Accept: accept } : {}), ...extra },
  });

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

beforeAll(async () => {
  srv = await startServer({ env: { IMAGE_MAX_INPUT_PIXELS: "40000000" } });
  admin = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).client;
  await upload("render/photo.jpg", await photo(), "image/jpeg");
  await upload("render/small.jpg", await photo(800, 450), "image/jpeg");
});
afterAll(async () => {
  await srv?.close();
});

describe("image transformation", () => {
  it("answers supabase-js's transform URL with a WebP of the asked width, cacheable and revalidated by ETag", async () => {
    const { data } = admin.storage.from(BUCKET).getPublicUrl("render/photo.jpg", { transform: { width: 640, quality: 75 } });
    expect(data.publicUrl).toMatch(/\/storage\/v1\/render\/image\/public\/blog-images\/render\/photo\.jpg\?width=640&quality=75$/);
    const res = await fetch(data.publicUrl, { headers: { Accept: "image/webp,*/*" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 360 });
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(data.publicUrl, { headers: { Accept: "image/webp,*/*", "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("negotiates AVIF for browsers that accept it, keeps JPEG for those that do not, and format=origin keeps the source", async () => {
    const avif = await render("render/photo.jpg", "width=480", CHROME_ACCEPT);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(await sharp(Buffer.from(await avif.arrayBuffer())).metadata()).toMatchObject({ format: "heif", width: 480 });

    const jpeg = await render("render/photo.jpg", "width=480", "image/jpeg,image/png;q=0.9");
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 480 });

    const refusedAvif = await render("render/photo.jpg", "width=480", "image/avif;q=0,image/webp");
    expect(refusedAvif.headers.get("content-type")).toBe("image/webp");

    const origin = await render("render/photo.jpg", "width=480&format=origin", CHROME_ACCEPT);
    expect(origin.headers.get("content-type")).toBe("image/jpeg");
    expect(origin.headers.get("vary")).toBeNull();
    // Different formats are different variants.
    expect(origin.headers.get("etag")).not.toBe(avif.headers.get("etag"));
  });

  it("makes the 1200 × 630 share card in the source's format, whatever the crawler accepts", async () => {
    const res = await render("render/photo.jpg", "width=1200&height=630&resize=cover&format=origin&quality=80", "*/*");
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("crops to width × height with cover, fits inside with contain, and never enlarges", async () => {
    const cover = await render("render/photo.jpg", "width=320&height=320", "image/webp");
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 320 });
    const contain = await render("render/photo.jpg", "width=320&height=320&resize=contain", "image/webp");
    expect(await sharp(Buffer.from(await contain.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 180 });
    const small = await render("render/small.jpg", "width=1920", "image/webp");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 450 });
    const none = await render("render/photo.jpg", "", "image/webp");
    expect(await sharp(Buffer.from(await none.arrayBuffer())).metadata()).toMatchObject({ width: 1600, height: 900 });
  });

  it("a new upload at the same path gives new bytes and a new ETag (no stale variant)", async () => {
    await upload("render/replaced.jpg", await photo(1600, 900), "image/jpeg");
    const a = await render("render/replaced.jpg", "width=640", "image/webp");
    await a.arrayBuffer();
    await upload("render/replaced.jpg", await photo(1280, 1280), "image/jpeg");
    const b = await render("render/replaced.jpg", "width=640", "image/webp");
    expect(b.headers.get("etag")).not.toBe(a.headers.get("etag"));
    expect(await sharp(Buffer.from(await b.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 640 });
  });

  it("refuses sizes outside the list and bad parameters with Storage's 400", async () => {
    for (const q of [
      "width=641",
      "width=abc",
      "height=361",
      "width=-320",
      "quality=5",
      "quality=101",
      "resize=stretch",
      "format=gif",
      "width=640&width=320",
    ]) {
      const res = await render("render/photo.jpg", q, "image/webp");
      expect(res.status, q).toBe(400);
      expect(await res.json(), q).toMatchObject({ statusCode: "400", error: "InvalidRequest" });
    }
  });

  it("refuses a decompression bomb and garbage with 422, then goes on serving", async () => {
    await upload("render/bomb.png", pngBomb(), "image/png");
    const bomb = await render("render/bomb.png", "width=640", "image/webp");
    expect(bomb.status).toBe(422);
    expect(await bomb.json()).toMatchObject({ statusCode: "422", error: "ImageTooLarge" });

    const garbage = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
      Buffer.alloc(4000, 0x5a),
    ]);
    await upload("render/garbage.jpg", garbage, "image/jpeg");
    const bad = await render("render/garbage.jpg", "width=640", "image/webp");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ statusCode: "422", error: "InvalidImage" });

    const ok = await render("render/photo.jpg", "width=960", "image/webp");
    expect(ok.status).toBe(200);
  });

  it("answers 404 for a missing object or bucket, 400 for a private bucket or a bad name", async () => {
    const missing = await render("render/nope.jpg", "width=640");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: "404", error: "not_found" });
    const noBucket = await fetch(`${srv.url}/storage/v1/render/image/public/no-such-bucket/a.jpg?width=640`);
    expect(noBucket.status).toBe(404);
    const badName = await fetch(`${srv.url}/storage/v1/render/image/public/${BUCKET}/a/../b.jpg?width=640`);
    expect([400, 404]).toContain(badName.status);
  });
});
