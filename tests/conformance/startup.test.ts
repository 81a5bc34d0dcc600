/** Start-up duties: lock, migrations once, seed once, first administrator, JWT secret. */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "api-startup-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function recorder() {
  const lines: string[] = [];
  const rec = (m: string) => void lines.push(m);
  return { lines, log: { info: rec, warn: rec, error: rec } };
}

describe("start-up", () => {
  it("creates, migrates and seeds a fresh data directory, generates the first admin's password once, and locks the directory", async () => {
    const dataDir = tmp();
    const r1 = recorder();
    const api = await createApi({ dataDir, siteUrl: "http://127.0.0.1:1", env: {}, log: r1.log });
    try {
      expect(api.startup.freshDatabase).toBe(true);
      expect(api.startup.appliedMigrations.length).toBeGreaterThanOrEqual(4);
      expect(api.startup.seeded).toBe(true);
      const banner = r1.lines.join("\n");
      const m = /password: (\S+)/.exec(banner);
      expect(m).toBeTruthy();
      expect(m![1]!.length).toBeGreaterThanOrEqual(20);
      expect(statSync(join(dataDir, "jwt-secret")).mode & 0o077).toBe(0);
      // a second server on the same directory fails fast, clearly
      await expect(createApi({ dataDir, siteUrl: "http://127.0.0.1:1", env: {}, log: recorder().log })).rejects.toThrow(
        /already in use by another server/,
      );
    } finally {
      await api.close();
    }
    const r2 = recorder();
    const again = await createApi({ dataDir, siteUrl: "http://127.0.0.1:1", env: {}, log: r2.log });
    try {
      expect(again.startup).toMatchObject({ freshDatabase: false, appliedMigrations: [], seeded: false, adminCreated: null });
      expect(r2.lines.join("\n")).not.toMatch(/password/);
      expect(again.anonKey).toBe(api.anonKey);
      const posts = await again.db.query<{ n: number }>("select count(*)::int as n from public.blog_posts");
      expect(posts.rows[0]!.n).toBe(9); // the seed's posts (supabase/seed.sql), not seeded twice
    } finally {
      await again.close();
    }
  });

  it("uses ADMIN_EMAIL/ADMIN_PASSWORD and JWT_SECRET from the environment, and refuses a short password or secret", async () => {
    const env = { ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "a sufficiently long one", JWT_SECRET: "x".repeat(40), SEED: "0" };
    const r = recorder();
    const api = await createApi({ dataDir: tmp(), siteUrl: "http://127.0.0.1:1", env, log: r.log });
    try {
      expect(api.startup.adminCreated).toBe("owner@example.com");
      expect(api.startup.seeded).toBe(false);
      expect(api.jwtSecret).toBe("x".repeat(40));
      expect(r.lines.join("\n")).not.toContain("a sufficiently long one");
    } finally {
      await api.close();
    }
    await expect(createApi({ dataDir: tmp(), siteUrl: "http://x", env: { JWT_SECRET: "short" }, log: recorder().log })).rejects.toThrow(
      /JWT_SECRET/,
    );
    await expect(
      createApi({
        dataDir: tmp(),
        siteUrl: "http://x",
        env: { ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "short" },
        log: recorder().log,
      }),
    ).rejects.toThrow(/at least/);
  });
});
