/** Administrator passwords: at least 12 characters and not a commonly used one, wherever they are set. */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.ts";
import { passwordProblem } from "../../server/api/password-policy.ts";
import { ensureUser } from "../../server/api/users.ts";
import { startServer } from "../support/api-server.ts";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "api-passwords-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const quiet = { info() {}, warn() {}, error() {} };

const WEAK: [string, RegExp][] = [
  ["12345678", /at least 12 characters/],
  ["short pass", /at least 12 characters/],
  ["123456789012", /commonly used/],
  ["qwerty123456", /commonly used/],
  ["Password2026!", /commonly used/],
  ["dragon12345678", /commonly used/],
  ["abcabcabcabc", /repeats a short pattern/],
];

describe("admin password policy", () => {
  it.each(WEAK)("refuses %j", async (password, why) => {
    expect(await passwordProblem(password)).toMatch(why);
  });

  it.each(["correct horse battery staple", "E2e-admin-password-2026!", "Tr0ub4dor&3-horse-staple"])("accepts %j", async (password) => {
    expect(await passwordProblem(password)).toBeNull();
  });

  it("ADMIN_PASSWORD=12345678 (or a common one) stops the server before anything is created", async () => {
    for (const pw of ["12345678", "123456789012"]) {
      const dataDir = tmp();
      await expect(
        createApi({ dataDir, siteUrl: "http://127.0.0.1:1", env: { ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: pw }, log: quiet }),
      ).rejects.toThrow(/ADMIN_PASSWORD is not accepted/);
      expect(existsSync(join(dataDir, "pg"))).toBe(false);
    }
  });

  it("npm run admin:create refuses a weak ADMIN_PASSWORD with a clear message, before opening the database", async () => {
    const dataDir = tmp();
    const run = promisify(execFile);
    const err = await run(process.execPath, ["--import", "tsx", "server/cli/admin-create.ts", "new-admin@example.com"], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: "iloveyou1234", DATABASE_URL: "" },
      cwd: new URL("../../", import.meta.url).pathname,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(
      /admin:create failed: ADMIN_PASSWORD is not accepted: The password is on a list of commonly used passwords/,
    );
    expect(existsSync(join(dataDir, "pg"))).toBe(false);
  });

  it("a later password change (ensureUser with a new password) is held to the same rule", async () => {
    const srv = await startServer();
    try {
      await expect(
        srv.api.db.transaction((tx) => ensureUser(tx, "admin@example.com", "letmein12345", { admin: true, resetPassword: true })),
      ).rejects.toThrow(/commonly used/);
      await expect(
        srv.api.db.transaction((tx) => ensureUser(tx, "admin@example.com", "too short", { admin: true, resetPassword: true })),
      ).rejects.toThrow(/at least 12/);
    } finally {
      await srv.close();
    }
  });
});
