/** A real SMTP server for tests (the `smtp-server` package), keeping what it received, parsed. */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  url: string;
  port: number;
  messages: Array<{ to: string[]; raw: string; parsed: ParsedMail; at: number }>;
  /** Answer the next N messages with this error instead of accepting them. */
  failNext(count: number, code?: number, message?: string): void;
  waitFor(pred: (m: TestSmtp["messages"][number]) => boolean, timeoutMs?: number): Promise<TestSmtp["messages"][number]>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const messages: TestSmtp["messages"] = [];
  let failures = 0;
  let failure = { code: 451, message: "Try again later" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error(failure.message), { responseCode: failure.code });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await simpleParser(raw);
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    failNext(count, code = 451, message = "Try again later") {
      failures = count;
      failure = { code, message };
    },
    async waitFor(pred, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const m = messages.find(pred);
        if (m) return m;
        if (Date.now() > end)
          throw new Error(
            `no matching message in ${timeoutMs} ms (got ${messages.length}: ${messages.map((x) => x.parsed.subject).join(" | ")})`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's unfolded value from a raw message ("" when absent). */
export function rawHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}
