/**
 * Storage image transformation, as hosted Supabase offers it:
 * `GET /storage/v1/render/image/public/<bucket>/<path>?width=&height=&quality=&resize=&format=`
 * (supabase-js `getPublicUrl(path, { transform })`). Variants are made on demand with sharp and kept
 * in a bounded in-memory cache; docs/backend.md "Image transformation" gives the limits and why.
 *
 * - Format: negotiated from `Accept` (AVIF, then WebP, else the source's own format; the answer
 *   carries `Vary: Accept`), or the source format with `format=origin`.
 * - Sizes: `width`/`height` only from a fixed list, so the set of variants per image is small.
 * - Safety: the source's dimensions are read from its header before any decoding; more than
 *   `maxInputPixels` is refused (422), as is anything sharp cannot decode. Image work runs one job
 *   at a time (configurable) on sharp's thread pool behind a bounded queue; a full queue answers 503.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";

/**
 * The widths (and heights) a variant may have: the srcset candidates, plus 1200 × 630 for share
 * cards (og:image). Heights also allow the 16:9 companions of the widths.
 */
export const RENDER_WIDTHS = [320, 480, 640, 960, 1200, 1280, 1920] as const;
const RENDER_HEIGHTS = [...new Set([...RENDER_WIDTHS, 180, 270, 360, 540, 630, 720, 1080])].sort((a, b) => a - b);
/** Without width or height the image is fitted inside this square (never enlarged). */
const MAX_EDGE = 1920;

export type OutputFormat = "avif" | "webp" | "jpeg" | "png";
type ResizeMode = "cover" | "contain" | "fill";

export interface RenderParams {
  width: number | null;
  height: number | null;
  quality: number;
  resize: ResizeMode;
  /** "origin": keep the source's format; null: negotiate from Accept. */
  format: "origin" | null;
}

export class RenderError extends Error {
  readonly status: number;
  readonly error: string;
  readonly headers: Record<string, string>;
  constructor(status: number, error: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.error = error;
    this.headers = headers;
  }
}

function one(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new RenderError(400, "InvalidRequest", "Each transformation parameter may be given once");
  return v;
}

function dimension(name: string, raw: string | undefined, allowed: readonly number[]): number | null {
  if (raw === undefined || raw === "") return null;
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!allowed.includes(n)) throw new RenderError(400, "InvalidRequest", `${name} must be one of ${allowed.join(", ")}`);
  return n;
}

/** Reads and checks the query string (unknown parameters are ignored, as hosted Supabase does). */
export function parseRenderParams(query: Record<string, unknown>): RenderParams {
  const width = dimension("width", one(query.width), RENDER_WIDTHS);
  const height = dimension("height", one(query.height), RENDER_HEIGHTS);
  const q = one(query.quality);
  let quality = 80;
  if (q !== undefined && q !== "") {
    quality = /^\d{1,3}$/.test(q) ? Number(q) : NaN;
    if (!(quality >= 20 && quality <= 100)) throw new RenderError(400, "InvalidRequest", "quality must be a whole number from 20 to 100");
  }
  const r = one(query.resize) || "cover";
  if (r !== "cover" && r !== "contain" && r !== "fill")
    throw new RenderError(400, "InvalidRequest", "resize must be cover, contain or fill");
  const f = one(query.format);
  if (f !== undefined && f !== "" && f !== "origin") throw new RenderError(400, "InvalidRequest", "format must be origin or absent");
  return { width, height, quality, resize: r, format: f === "origin" ? "origin" : null };
}

const SOURCE_FORMATS: Record<string, OutputFormat> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "png",
};

/** The format to answer in: the source's with format=origin, else AVIF or WebP when Accept names them. */
export function negotiateFormat(sourceMime: string, accept: string | undefined, params: Pick<RenderParams, "format">): OutputFormat {
  const own = SOURCE_FORMATS[sourceMime];
  if (!own) throw new RenderError(422, "InvalidImage", "The object is not an image that can be transformed");
  if (params.format === "origin") return own;
  const a = (accept ?? "").toLowerCase();
  const accepts = (type: string) =>
    a.split(",").some((part) => {
      const [t, ...rest] = part.trim().split(";");
      return t!.trim() === type && !rest.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    });
  if (accepts("image/avif")) return "avif";
  if (accepts("image/webp")) return "webp";
  return own;
}

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

interface Variant {
  data: Buffer;
  contentType: string;
  etag: string;
}

/** The variant's ETag: the source's ETag, the parameters and the output format. */
export function variantEtag(sourceEtag: string, params: RenderParams, format: OutputFormat): string {
  const h = createHash("sha256")
    .update(`${sourceEtag}|${params.width}|${params.height}|${params.quality}|${params.resize}|${format}`)
    .digest("base64url")
    .slice(0, 27);
  return `"${h}"`;
}

/** Least-recently-used variants, bounded by their total bytes. */
export class VariantCache {
  private readonly entries = new Map<string, Variant>();
  private bytes = 0;
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): Variant | undefined {
    const v = this.entries.get(key);
    if (v) {
      this.entries.delete(key);
      this.entries.set(key, v);
    }
    return v;
  }

  set(key: string, v: Variant) {
    if (v.data.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.data.length;
      this.entries.delete(key);
    }
    this.entries.set(key, v);
    this.bytes += v.data.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.data.length;
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** Runs at most `concurrency` jobs at once; refuses new work when `maxQueued` are already waiting. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  readonly concurrency: number;
  readonly maxQueued: number;
  constructor(concurrency: number, maxQueued: number) {
    this.concurrency = concurrency;
    this.maxQueued = maxQueued;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueued) {
        throw new RenderError(503, "SlowDown", "Too many images are being transformed; try again shortly", { "Retry-After": "1" });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}

interface TransformOptions {
  maxInputPixels: number;
}

/**
 * Makes one variant. The header is read first (no pixels decoded) so a decompression bomb is refused
 * before it costs memory; sharp's own `limitInputPixels` guards the decode as well.
 */
export async function transformImage(source: Buffer, params: RenderParams, format: OutputFormat, opts: TransformOptions): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw new RenderError(422, "InvalidImage", "The object is not an image that can be transformed");
  }
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  if (!w || !h) throw new RenderError(422, "InvalidImage", "The object is not an image that can be transformed");
  if (w * h > opts.maxInputPixels) {
    throw new RenderError(422, "ImageTooLarge", `The image has ${w * h} pixels; at most ${opts.maxInputPixels} can be transformed`);
  }
  try {
    let img = sharp(source, { limitInputPixels: opts.maxInputPixels, failOn: "error", pages: 1 }).rotate();
    if (params.width || params.height) {
      img = img.resize({
        width: params.width ?? undefined,
        height: params.height ?? undefined,
        fit: params.resize === "contain" ? "inside" : params.resize,
        withoutEnlargement: true,
      });
    } else {
      img = img.resize({ width: MAX_EDGE, height: MAX_EDGE, fit: "inside", withoutEnlargement: true });
    }
    const q = params.quality;
    if (format === "avif") img = img.avif({ quality: Math.max(20, q - 20), effort: 0 });
    else if (format === "webp") img = img.webp({ quality: q, effort: 4 });
    else if (format === "jpeg") img = img.jpeg({ quality: q, mozjpeg: true });
    else img = img.png({ compressionLevel: 9 });
    return await img.toBuffer();
  } catch (e) {
    if (e instanceof RenderError) throw e;
    throw new RenderError(422, "InvalidImage", "The object is not an image that can be transformed");
  }
}

export interface ImageRendererOptions {
  cacheBytes: number;
  concurrency: number;
  maxQueued: number;
  maxInputPixels: number;
}

export function rendererOptionsFromEnv(env: NodeJS.ProcessEnv): ImageRendererOptions {
  const num = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  return {
    cacheBytes: num("IMAGE_CACHE_MB", 64, 0, 4096) * 1024 * 1024,
    concurrency: num("IMAGE_RENDER_CONCURRENCY", 1, 1, 16),
    maxQueued: num("IMAGE_RENDER_QUEUE", 32, 0, 1000),
    maxInputPixels: num("IMAGE_MAX_INPUT_PIXELS", 40_000_000, 1, 268_402_689),
  };
}

/** The transformation service: cache, de-duplication of identical work in flight, and the queue. */
export class ImageRenderer {
  readonly cache: VariantCache;
  readonly queue: WorkQueue;
  private readonly inFlight = new Map<string, Promise<Variant>>();

  readonly options: ImageRendererOptions;
  constructor(options: ImageRendererOptions) {
    this.options = options;
    this.cache = new VariantCache(options.cacheBytes);
    this.queue = new WorkQueue(options.concurrency, options.maxQueued);
    // libvips: one thread per image (the queue bounds images in parallel) and no operation cache of
    // its own (variants are cached here, by bytes).
    sharp.concurrency(1);
    sharp.cache(false);
  }

  /**
   * The variant for `key` (made from `load()` when it is neither cached nor already being made).
   * `load` is only called on a miss, so a cached variant costs no read of the source's bytes.
   */
  async variant(key: string, etag: string, format: OutputFormat, params: RenderParams, load: () => Promise<Buffer>): Promise<Variant> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = this.queue
      .run(async () => transformImage(await load(), params, format, { maxInputPixels: this.options.maxInputPixels }))
      .then((data) => {
        const v: Variant = { data, contentType: CONTENT_TYPES[format], etag };
        this.cache.set(key, v);
        return v;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }
}
