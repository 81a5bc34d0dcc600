/**
 * No request can end or wedge the process: each broken body gets an answer for itself (or nothing,
 * when the client is gone), and the very next good request is served.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, PNG_1PX, signedIn, startServer, templateDataDir, type TestServer } from "../support/api-server.ts";
import { chunked, rawRequest, truncatedMultipart } from "./raw-http.ts";

let srv: TestServer;
let adminToken: string;

beforeAll(async () => {
  srv = await startServer();
  adminToken = (await signedIn(srv, ADMIN_EMAIL, ADMIN_PASSWORD)).session.access_token;
});
afterAll(async () => {
  await srv?.close();
});

async function goodRequestServed() {
  const r = await fetch(`${srv.url}/rest/v1/blog_posts?select=id&published=eq.true`, { headers: { apikey: srv.api.anonKey } });
  expect(r.status).toBe(200);
  const up = await fetch(`${srv.url}/storage/v1/object/blog-images/crash-proof/${Date.now()}.png`, {
    method: "POST",
    headers: { apikey: srv.api.anonKey, Authorization: `Bearer ${adminToken}`, "Content-Type": "image/png" },
    body: new Uint8Array(PNG_1PX),
  });
  expect(up.status).toBe(200);
}

const head = (path: string, token: string, extra: string[]) =>
  [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1`, `apikey: ${token}`, `Authorization: Bearer ${token}`, ...extra].join("\r\n");

describe("storage upload with a body cut short", () => {
  const boundary = "----cutshort";
  const part = () => truncatedMultipart(boundary, "", "a.png", "image/png", PNG_1PX);

  it("multipart whose bytes stop before the closing boundary (chunked, cleanly ended): 400, then serving", async () => {
    for (const token of [() => srv.api.anonKey, () => adminToken]) {
      const out = await rawRequest(
        srv.url,
        head("/storage/v1/object/blog-images/cut/a.png", token(), [
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          "Transfer-Encoding: chunked",
        ]),
        chunked(part()),
        "keep",
      );
      expect(out.status).toBe(400);
      expect(JSON.parse(out.body)).toMatchObject({ statusCode: "400", error: "InvalidRequest" });
      await goodRequestServed();
    }
  });

  it("multipart whose connection ends (half-close) before the declared length: no crash, then serving", async () => {
    const body = part();
    const out = await rawRequest(
      srv.url,
      head("/storage/v1/object/blog-images/cut/b.png", srv.api.anonKey, [
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length + 5000}`,
      ]),
      body,
      "end",
    );
    // The client is gone: any answer (or none) is fine, as long as the process lives on.
    expect(out.status === null || (out.status >= 400 && out.status < 500)).toBe(true);
    await goodRequestServed();
  });

  it("multipart whose connection is reset mid-body: no crash, then serving", async () => {
    const body = part();
    await rawRequest(
      srv.url,
      head("/storage/v1/object/blog-images/cut/c.png", adminToken, [
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length + 5000}`,
      ]),
      body,
      "reset",
    );
    await goodRequestServed();
  });

  it("a raw (non-multipart) upload cut short: no crash, nothing stored, then serving", async () => {
    await rawRequest(
      srv.url,
      head("/storage/v1/object/blog-images/cut/d.png", adminToken, ["Content-Type: image/png", `Content-Length: ${PNG_1PX.length + 100}`]),
      PNG_1PX,
      "end",
    );
    const svc = srv.client(srv.api.serviceRoleKey);
    const listed = await svc.storage.from("blog-images").list("cut");
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual([]);
    await goodRequestServed();
  });

  it("REST, auth and functions bodies cut short: no crash, then serving", async () => {
    for (const path of ["/rest/v1/blog_posts", "/auth/v1/token?grant_type=password", "/functions/v1/submit-form"]) {
      for (const how of ["end", "reset"] as const) {
        await rawRequest(
          srv.url,
          head(path, srv.api.anonKey, ["Content-Type: application/json", "Content-Length: 500"]),
          '{"email":"a@example.com","pass',
          how,
        );
      }
    }
    await goodRequestServed();
  });
});

describe("a refused request is logged once", () => {
  it("one `api: request refused` line per malformed request, and no error line", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "api-log-once-"));
    cpSync(await templateDataDir(), dataDir, { recursive: true });
    const lines: { level: string; msg: string }[] = [];
    const rec = (level: string) => (msg: string) => void lines.push({ level, msg });
    const api = await createApi({
      dataDir,
      siteUrl: "http://127.0.0.1",
      env: { ADMIN_EMAIL, ADMIN_PASSWORD },
      log: { info: rec("info"), warn: rec("warn"), error: rec("error") },
    });
    const app = express();
    app.use(api.router);
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      lines.length = 0;
      const h = { apikey: api.anonKey };
      const requests = [
        fetch(`${base}/rest/v1/%E0%A4%A`, { headers: h }),
        fetch(`${base}/rest/v1/blog_posts?select=id&published=eq.maybe`, { headers: h }),
        fetch(`${base}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: { ...h, "Content-Type": "application/json" },
          body: '{"email":"a\\u0000@x.com","password":"x"}',
        }),
        fetch(`${base}/storage/v1/object/list/blog-images`, {
          method: "POST",
          headers: { ...h, "Content-Type": "application/json" },
          body: "null",
        }),
      ];
      for (const r of requests) expect((await r).status).toBe(400);
      await new Promise((r) => setTimeout(r, 50));
      expect(lines.filter((l) => l.msg === "api: request refused")).toHaveLength(4);
      expect(lines.filter((l) => l.level === "error")).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
