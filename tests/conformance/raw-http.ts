/**
 * Requests no well-behaved client sends: bodies cut short, connections dropped mid-body. Written
 * straight to a socket, so nothing in between repairs them.
 */
import { connect } from "node:net";

export interface RawOutcome {
  /** The status line's code, or null when the server closed without answering. */
  status: number | null;
  body: string;
  /** The status line and headers. */
  head: string;
}

/**
 * Sends `head` (request line + headers, without the blank line) and `body`, then either half-closes
 * the socket ("end": the bytes simply stop) or destroys it ("reset"), and collects whatever answer
 * comes within `waitMs`.
 */
export function rawRequest(
  url: string,
  head: string,
  body: Buffer | string,
  how: "end" | "reset" | "keep",
  waitMs = 1500,
): Promise<RawOutcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("utf8");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({
        status: m ? Number(m[1]) : null,
        head: text.split("\r\n\r\n")[0] ?? "",
        body: text.split("\r\n\r\n").slice(1).join("\r\n\r\n"),
      });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(body);
      if (how === "end") socket.end();
      else if (how === "reset") setTimeout(() => socket.resetAndDestroy(), 50);
    });
  });
}

/** A multipart body with one file part whose bytes stop before the closing boundary. */
export function truncatedMultipart(boundary: string, field: string, filename: string, type: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
  ]);
}

/** Chunked transfer: the body is complete at the HTTP level, the multipart inside it is not. */
export function chunked(body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
}
