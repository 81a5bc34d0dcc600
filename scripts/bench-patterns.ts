/**
 * node --import tsx scripts/bench-patterns.ts [--posts=200] [--chars=20000]
 *
 * How long PGlite spends on `match` filters over a blog far bigger than the site's (200 posts of
 * 20 000 characters by default), for patterns the filter guard (server/api/pattern-guard.ts) accepts
 * and for the ones it refuses. The accepted worst cases are the figures in docs/backend.md
 * ("Limits and guarantees"); run it after changing the guard's limits.
 */
import { PGlite } from "@electric-sql/pglite";
import { MAX_POSITIONS, checkPattern } from "../server/api/pattern-guard.ts";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const posts = arg("posts", 200);
const chars = arg("chars", 20_000);

const patterns = [
  // accepted: ordinary searches and the largest automata the guard lets through
  "dubai",
  "(?i)dubai|abu dhabi|sharjah",
  "^[A-Za-z0-9._%+-]+@example\\.com$",
  `.*a${".".repeat(MAX_POSITIONS - 3)}z`,
  `.*a.{10}${".".repeat(MAX_POSITIONS - 13)}z`,
  "[ab]*a[ab0-9 ]{10}[ab0-9 ]{10}z",
  "a.*b.*c.*d.*e.*f.*0.*1.*2.*z",
  // refused: each construct the guard stops
  "(.*){1,255}b",
  `.*a${".".repeat(56)}z`,
  "(a|b)*a(a|b|c|d|e|f|0|1|2|3|4|5|6|7|8|9| ){10}z",
  "(a*)*b",
];

const pg = await PGlite.create();
await pg.exec("create table posts (content text)");
await pg.query(
  `insert into posts select left(string_agg(md5(g::text || '-' || r::text), ' '), $2::int)
     from generate_series(1, $1::int) r, generate_series(1, ceil($2::int / 33.0)::int) g group by r`,
  [posts, chars],
);
const size = (await pg.query<{ n: number }>("select sum(length(content))::int as n from posts")).rows[0]!.n;
console.log(`${posts} posts, ${(size / 1e6).toFixed(1)} MB of text\n`);
for (const p of patterns) {
  let verdict = "accepted";
  try {
    checkPattern("match", p);
  } catch (e) {
    verdict = `refused (${(e as Error).message.replace("invalid regular expression: ", "")})`;
  }
  const t = performance.now();
  try {
    await pg.query("select count(*) from posts where content ~ $1", [p]);
  } catch (e) {
    verdict += ` [PostgreSQL: ${(e as Error).message}]`;
  }
  console.log(
    `${String(Math.round(performance.now() - t)).padStart(6)} ms  ${p.length > 48 ? `${p.slice(0, 45)}...` : p.padEnd(48)}  ${verdict}`,
  );
}
await pg.close();
