/**
 * npm run admin:create -- <email>
 *   Adds an administrator (creating the account if needed). The password comes from ADMIN_PASSWORD,
 *   or is asked for on a terminal, or is generated and printed once. For an existing account without a
 *   new password, only administrator rights are granted. Uses DATA_DIR (default .data) or
 *   DATABASE_URL; with the embedded database, stop the server first (it holds the data directory).
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { resolve } from "node:path";
import { openDatabase } from "../db/open.ts";
import { passwordProblem } from "../api/password-policy.ts";
import { ensureUser, findUserByEmail, generatePassword, isPlausibleEmail, normalizeEmail } from "../api/users.ts";
import { migrate } from "../db/migrate.ts";

function ask(question: string, hidden: boolean): Promise<string> {
  return new Promise((res) => {
    // A hidden answer: the terminal's echo of what is typed goes to an output that is muted once the
    // question has been written.
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        if (!muted) process.stdout.write(chunk);
        done();
      },
    });
    const rl = createInterface({ input: process.stdin, output: hidden ? output : process.stdout, terminal: true });
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write("\n");
      res(answer);
    });
    muted = hidden;
  });
}

async function main() {
  const email = normalizeEmail(process.argv[2] ?? process.env.ADMIN_EMAIL ?? "");
  if (!email || !isPlausibleEmail(email)) {
    console.error("Usage: npm run admin:create -- <email>   (or set ADMIN_EMAIL; ADMIN_PASSWORD optional)");
    process.exit(2);
  }
  // A password given in the environment is judged before the database is opened.
  const fromEnv = process.env.ADMIN_PASSWORD || null;
  const envProblem = fromEnv ? await passwordProblem(fromEnv) : null;
  if (envProblem) throw new Error(`ADMIN_PASSWORD is not accepted: ${envProblem}`);
  const dataDir = resolve(process.env.DATA_DIR || ".data");
  const { db, lock } = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    await migrate(db);
    const existing = await findUserByEmail(db, email);
    let password: string | null = fromEnv;
    let generated = false;
    if (!password && process.stdin.isTTY) {
      const hint = existing ? "leave empty to keep the current password" : "leave empty to generate one";
      const first = await ask(`Password for ${email} (${hint}): `, true);
      if (first) {
        const second = await ask("Repeat the password: ", true);
        if (first !== second) throw new Error("The passwords do not match");
        password = first;
      }
    }
    if (!password && !existing) {
      password = generatePassword();
      generated = true;
    }
    if (password) {
      const problem = await passwordProblem(password);
      if (problem) throw new Error(problem);
    }
    const r = await db.transaction((tx) => ensureUser(tx, email, password, { admin: true, resetPassword: password !== null }));
    console.log(
      r.created
        ? `Created administrator ${r.email}.`
        : `${r.email} already had an account; ${r.madeAdmin ? "it is now an administrator" : "it was already an administrator"}${password ? " and its password was changed" : ""}.`,
    );
    if (generated) console.log(`Generated password (shown only now): ${password}`);
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((e) => {
  console.error(`admin:create failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
