/**
 * Page routes (the real server with the real React Router build): a path that does not decode and a
 * method the site does not speak are 4xx, not 500. Needs `npx react-router build` (npm test builds
 * first); the test fails, rather than skips, without it.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer as startApp, type RunningApp } from "../../server/app.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, quietLog, templateDataDir } from "../support/api-server.ts";
import { rawRequest } from "./raw-http.ts";

const root = new URL("../../", import.meta.url).pathname;
const serverBuild = join(root, "build/server/index.js");
let app: RunningApp;
let dataDir: string;

beforeAll(async () => {
  expect(existsSync(serverBuild), "run `npx react-router build` first").toBe(true);
  dataDir = mkdtempSync(join(tmpdir(), "pages-bad-"));
  cpSync(await templateDataDir(), dataDir, { recursive: true });
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  app = await startApp({
    build,
    clientDir: join(root, "build/client"),
    env: { HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, NODE_ENV: "production" },
    log: { ...quietLog, error() {} },
  });
});
afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("page routes with malformed requests", () => {
  it("/%E0%A4%A and other undecodable paths: 400, then the home page still renders", async () => {
    const base = app.url.replace("localhost", "127.0.0.1");
    for (const p of ["/%E0%A4%A", "/en/%E0%A4%A", "/en/blog/%ZZ", "/%ED%A0%80"]) {
      const r = await fetch(`${base}${p}`);
      expect(r.status, p).toBe(400);
    }
    expect((await fetch(`${base}/en`)).status).toBe(200);
  });

  it("an article address with a NUL or control character is 404, not 503; the site stays up", async () => {
    const base = app.url.replace("localhost", "127.0.0.1");
    for (const p of ["/en/blog/a%00b", "/blog/a%01", "/en/blog/%7F"]) {
      const r = await fetch(`${base}${p}`);
      expect(r.status, p).toBe(404);
      expect(r.headers.get("retry-after"), p).toBeNull();
    }
    expect((await fetch(`${base}/en/blog`)).status).toBe(200);
  });

  it("a path that starts with two slashes or a backslash never redirects off the site", async () => {
    const base = app.url.replace("localhost", "127.0.0.1");
    for (const p of ["//EVIL.example/x", "/%5CEVIL.example/x", "///evil.example/A", "/%5C/evil.example/B"]) {
      const out = await rawRequest(base, `GET ${p.replace("%5C", "\\")} HTTP/1.1\r\nHost: 127.0.0.1`, "", "keep", 600);
      const location = /\r\nlocation: ([^\r]*)/i.exec(out.head)?.[1];
      if (location) expect(location, p).toMatch(/^\/[^/\\]/);
      expect(out.status, p).not.toBe(500);
    }
  });

  it("/favicon.ico and /apple-touch-icon.png are images, not the 404 page", async () => {
    const base = app.url.replace("localhost", "127.0.0.1");
    for (const [p, type] of [
      ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/apple-touch-icon.png", /^image\/png/],
    ] as const) {
      const r = await fetch(`${base}${p}`);
      expect(r.status, p).toBe(200);
      expect(r.headers.get("content-type"), p).toMatch(type);
    }
  });

  it("TRACE / and PROPFIND /en: 405, not 500", async () => {
    const base = app.url.replace("localhost", "127.0.0.1");
    for (const [m, p] of [
      ["TRACE", "/"],
      ["PROPFIND", "/en"],
      ["TRACE", "/en/blog"],
    ]) {
      const out = await rawRequest(base, `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0`, "", "keep", 600);
      expect(out.status, `${m} ${p}`).toBe(405);
    }
  });
});
