/**
 * Does image work starve the API? `npm run bench:image-load -- [--port=5210] <photo.jpg> [...]`
 * Starts the API-only server (server/api/standalone.ts) in its own process on loopback with a
 * temporary data directory, uploads each photo under 8 names, then measures the latency of the
 * published-posts list (GET /rest/v1/blog_posts, one request at a time):
 *   1. idle;
 *   2. while every width ≤ the photo's of every copy is asked for as AVIF at once (all cold, so all
 *      are transformed; the queue limit is raised so none is refused).
 * Prints p50/p95/p99/max for both, and how long the transformations took. Stops the server it
 * started and removes its data directory.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { apiKeys } from "../server/api/jwt.ts";

const ROOT = resolve(fileURLToPath(import.meta.url), "../..");
const args = process.argv.slice(2);
const port = Number(args.find((a) => a.startsWith("--port="))?.slice(7) ?? 5210);
const photos = args.filter((a) => !a.startsWith("--"));
if (!photos.length) {
  console.error("usage: npm run bench:image-load -- [--port=5210] <photo.jpg> [...]");
  process.exit(1);
}
const WIDTHS = [320, 480, 640, 960, 1280, 1920];
const COPIES = 8;
const secret = "bench-image-load-secret-0123456789abcdef0123456789";
const { anonKey, serviceRoleKey } = apiKeys(secret);
const dataDir = mkdtempSync(join(tmpdir(), "bench-image-load-"));
const url = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, ["server/api/standalone.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    JWT_SECRET: secret,
    ADMIN_EMAIL: "bench@example.com",
    ADMIN_PASSWORD: "benchmark-password-2026",
    DATABASE_URL: "",
    IMAGE_RENDER_QUEUE: "1000",
    IMAGE_CLEANUP_INTERVAL_MINUTES: "0",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
await new Promise<void>((res, rej) => {
  let out = "";
  const on = (d: Buffer) => {
    out += d;
    if (out.includes("listening on")) res();
  };
  child.stdout.on("data", on);
  child.stderr.on("data", on);
  child.on("exit", (code) => rej(new Error(`server exited (${code}): ${out}`)));
  setTimeout(() => rej(new Error(`no start within 120 s: ${out}`)), 120_000).unref();
});

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n=${s.length} p50 ${pct(s, 50).toFixed(1)} ms · p95 ${pct(s, 95).toFixed(1)} ms · p99 ${pct(s, 99).toFixed(1)} ms · max ${s.at(-1)!.toFixed(1)} ms`;
};
async function listOnce(): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${url}/rest/v1/blog_posts?select=id,title,slug&published=eq.true&order=created_at.desc&limit=10`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`list answered ${r.status}`);
  return performance.now() - t;
}

try {
  const renders: string[] = [];
  for (const [i, file] of photos.entries()) {
    const bytes = readFileSync(file);
    const width = (await sharp(bytes).metadata()).width ?? 0;
    for (let c = 0; c < COPIES; c++) {
      const name = `bench/${i}-${c}.jpg`;
      const r = await fetch(`${url}/storage/v1/object/blog-images/${name}`, {
        method: "POST",
        headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, "Content-Type": "image/jpeg", "x-upsert": "true" },
        body: bytes,
      });
      if (r.status !== 200) throw new Error(`upload answered ${r.status}: ${await r.text()}`);
      for (const w of WIDTHS.filter((w) => w <= width))
        renders.push(`${url}/storage/v1/render/image/public/blog-images/${name}?width=${w}&quality=70`);
    }
  }
  for (let i = 0; i < 20; i++) await listOnce(); // warm-up
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await listOnce());
  console.log(`posts list, idle:                ${summary(idle)}`);

  const t0 = performance.now();
  let done = 0;
  const statuses = new Map<number, number>();
  const all = Promise.all(
    renders.map(async (u) => {
      const r = await fetch(u, { headers: { Accept: "image/avif,image/webp,*/*" } });
      await r.arrayBuffer();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      done++;
    }),
  );
  const busy: number[] = [];
  while (done < renders.length) busy.push(await listOnce());
  await all;
  const took = performance.now() - t0;
  console.log(`posts list, during ${renders.length} AVIF transformations: ${summary(busy)}`);
  console.log(
    `transformations: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")} in ${(took / 1000).toFixed(1)} s (${(took / renders.length).toFixed(0)} ms each, one at a time)`,
  );
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
