/**
 * One multipart/form-data reader for every upload (storage, demo audio). Whatever goes wrong — a
 * malformed or truncated body, a client that disconnects mid-body, a failing write (a full disk) —
 * ends as a rejected promise for that request only: every stream involved has an error listener, and
 * every stream is destroyed on failure. Nothing here can raise an unhandled error.
 */
import Busboy, { type BusboyConfig, type FileInfo } from "busboy";
import type { IncomingMessage } from "node:http";
import { Writable } from "node:stream";

type MultipartFailure = "malformed" | "aborted" | "write";

export class MultipartError extends Error {
  readonly kind: MultipartFailure;
  override readonly cause?: unknown;
  constructor(kind: MultipartFailure, message: string, cause?: unknown) {
    super(message);
    this.kind = kind;
    this.cause = cause;
  }
}

interface ReceivedFile {
  field: string;
  filename: string;
  mimeType: string | null;
  bytes: number;
  /** The first `headBytes` bytes (for sniffing the type). */
  head: Buffer;
  /** The file went over `limits.fileSize` and was cut. */
  truncated: boolean;
}

interface MultipartOptions {
  limits: BusboyConfig["limits"];
  /** Which file field to keep (the first one accepted wins; others are drained). */
  acceptFile(field: string): boolean;
  /** Where the kept file's bytes go. Its errors fail the request. */
  open(info: FileInfo): Writable;
  headBytes?: number;
  /** Field names to keep (values up to `limits.fieldSize`). */
  fields?: readonly string[];
}

export function receiveMultipart(
  req: IncomingMessage,
  opts: MultipartOptions,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  return new Promise((resolve, reject) => {
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({ headers: req.headers, limits: opts.limits });
    } catch (e) {
      reject(new MultipartError("malformed", "Malformed multipart body", e));
      return;
    }
    const fields: Record<string, string> = {};
    let file: ReceivedFile | null = null;
    let out: Writable | null = null;
    let outFinished: Promise<void> | null = null;
    const headLimit = opts.headBytes ?? 0;
    const head: Buffer[] = [];
    let headLength = 0;
    let settled = false;

    const fail = (err: MultipartError) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      bb.destroy();
      req.removeListener("close", onClose);
      // Drain what is left of a live request so the answer can be sent; a gone client is gone.
      if (!req.destroyed) req.resume();
      // Settle once the file's stream has closed: a file stream destroyed while its file is still being
      // opened creates the file afterwards, so a caller that removes the partial file on failure must not
      // run before that.
      const sink = out;
      if (sink && !sink.closed) {
        sink.once("close", () => reject(err));
        sink.destroy();
      } else reject(err);
    };
    const onClose = () => {
      if (!req.complete) fail(new MultipartError("aborted", "The request body ended before it was complete"));
    };

    // Errors are reported once, through whichever of these comes first.
    bb.on("error", (e: Error) => fail(new MultipartError("malformed", `Malformed multipart body: ${e.message}`, e)));
    req.on("error", (e) => fail(new MultipartError("aborted", "The request body ended before it was complete", e)));
    req.on("close", onClose);

    bb.on("field", (name: string, value: string) => {
      if (opts.fields?.includes(name)) fields[name] = value;
    });
    bb.on("file", (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, info: FileInfo) => {
      // busboy destroys a part's stream with an error when the form ends early; it also reports that
      // on `bb`, so here it only needs a listener.
      stream.on("error", () => undefined);
      if (settled || file || !opts.acceptFile(name)) {
        stream.resume();
        return;
      }
      const f: ReceivedFile = {
        field: name,
        filename: info.filename ?? "",
        mimeType: info.mimeType ?? null,
        bytes: 0,
        head: Buffer.alloc(0),
        truncated: false,
      };
      file = f;
      let sink: Writable;
      try {
        sink = opts.open(info);
      } catch (e) {
        fail(new MultipartError("write", "The upload could not be stored", e));
        return;
      }
      out = sink;
      outFinished = new Promise<void>((ok, ko) => {
        sink.on("finish", ok);
        sink.on("error", ko);
      });
      outFinished.catch(() => undefined);
      sink.on("error", (e) => fail(new MultipartError("write", "The upload could not be stored", e)));
      stream.on("data", (chunk: Buffer) => {
        f.bytes += chunk.length;
        if (headLength < headLimit) {
          head.push(chunk);
          headLength += chunk.length;
        }
      });
      stream.on("limit", () => {
        f.truncated = true;
      });
      stream.pipe(sink);
    });
    bb.on("close", () => {
      if (settled) return;
      void (async () => {
        try {
          if (outFinished) await outFinished;
        } catch (e) {
          fail(new MultipartError("write", "The upload could not be stored", e));
          return;
        }
        if (settled) return;
        settled = true;
        req.removeListener("close", onClose);
        if (file) file.head = Buffer.concat(head).subarray(0, headLimit);
        resolve({ fields, file });
      })();
    });
    req.pipe(bb);
  });
}

/** A Writable that keeps everything in memory (storage keeps bytes in the database). */
export function memorySink(): { sink: Writable; data(): Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  return { sink, data: () => Buffer.concat(chunks) };
}
