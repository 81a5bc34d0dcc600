import { describe, expect, it } from "vitest";
import { RenderError, VariantCache, WorkQueue, negotiateFormat, parseRenderParams } from "./image-render.ts";

describe("parseRenderParams", () => {
  it("takes hosted Supabase's parameters with their defaults", () => {
    expect(parseRenderParams({})).toEqual({ width: null, height: null, quality: 80, resize: "cover", format: null });
    expect(parseRenderParams({ width: "640", height: "360", quality: "70", resize: "contain", format: "origin", other: "x" })).toEqual({
      width: 640,
      height: 360,
      quality: 70,
      resize: "contain",
      format: "origin",
    });
  });
  it("refuses widths outside the list and other bad values", () => {
    for (const q of [
      { width: "641" },
      { width: "6400" },
      { height: "361" },
      { width: "1e3" },
      { quality: "19" },
      { resize: "crop" },
      { format: "webp" },
      { width: ["320", "480"] },
    ]) {
      expect(() => parseRenderParams(q), JSON.stringify(q)).toThrow(RenderError);
    }
  });
});

describe("negotiateFormat", () => {
  it("prefers AVIF, then WebP, else the source's format; q=0 means no", () => {
    expect(negotiateFormat("image/jpeg", "image/avif,image/webp,*/*", { format: null })).toBe("avif");
    expect(negotiateFormat("image/jpeg", "image/webp,*/*", { format: null })).toBe("webp");
    expect(negotiateFormat("image/png", "*/*", { format: null })).toBe("png");
    expect(negotiateFormat("image/gif", undefined, { format: null })).toBe("png");
    expect(negotiateFormat("image/jpeg", "image/avif;q=0, image/webp;q=0.8", { format: null })).toBe("webp");
    expect(negotiateFormat("image/jpeg", "image/avif", { format: "origin" })).toBe("jpeg");
    expect(() => negotiateFormat("audio/webm", "*/*", { format: null })).toThrow(RenderError);
  });
});

describe("VariantCache", () => {
  it("keeps at most its byte budget, dropping the least recently used", () => {
    const c = new VariantCache(10);
    const v = (n: number) => ({ data: Buffer.alloc(n), contentType: "image/webp", etag: '"x"' });
    c.set("a", v(4));
    c.set("b", v(4));
    c.get("a");
    c.set("c", v(4));
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBeDefined();
    expect(c.size).toEqual({ entries: 2, bytes: 8 });
    c.set("huge", v(11));
    expect(c.get("huge")).toBeUndefined();
  });
});

describe("WorkQueue", () => {
  it("runs at most `concurrency` jobs and refuses past `maxQueued` waiting", async () => {
    const q = new WorkQueue(1, 1);
    let release!: () => void;
    const first = q.run(() => new Promise<string>((r) => (release = () => r("first"))));
    const second = q.run(async () => "second");
    expect(q.load).toEqual({ running: 1, waiting: 1 });
    await expect(q.run(async () => "third")).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "1" } });
    release();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
    expect(q.load).toEqual({ running: 0, waiting: 0 });
  });
});
