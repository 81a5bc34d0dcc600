/**
 * Refuses the pattern filters (`match`, `imatch`, `like`, `ilike`) whose cost in PostgreSQL's engines
 * can grow far beyond the size of the data, before they reach the database.
 *
 * Why a guard: the embedded database (PGlite) runs one statement at a time on the server's own thread
 * and cannot interrupt it (`statement_timeout` is accepted but never fires: its timer is a JavaScript
 * timer), so one slow statement stalls every request. PostgreSQL's regular-expression engine compiles
 * a pattern to an automaton and runs it mostly as a cached DFA; what makes it slow is a large automaton
 * (counted repetitions such as `{1,255}`, especially of groups: `(.*){1,255}` makes hundreds of states
 * that every character of every row walks through) and the backtracking it falls back to for
 * back-references and lookaround constraints. Those constructs are refused; what remains runs in time
 * proportional to the text with a small constant. `like` patterns are linear in PostgreSQL apart from
 * `%` runs, and are only capped in length.
 *
 * The same rules apply on PostgreSQL (where statement timeouts bound the rest), so a filter means the
 * same thing on both backends.
 */
import { pgrst, type HttpError } from "./http.ts";

/** Longest accepted `match`/`imatch` pattern, in characters. */
const MAX_REGEX_LENGTH = 100;
/** Longest accepted `like`/`ilike` pattern, in characters. */
const MAX_LIKE_LENGTH = 500;
/** Largest bound of a counted repetition `{m,n}`. */
const MAX_REPEAT = 10;
/** Most counted repetitions in one pattern. */
const MAX_COUNTED = 2;
/**
 * Most "positions" in the automaton: every atom counts 1, a counted repetition multiplies what it
 * repeats, the branches of an alternation add up. The cost per character of text grows faster than
 * linearly with it (measured on PGlite over 4 MB of text, scripts/bench-patterns.ts: 17 → 0.17 s,
 * 32 → 0.5 to 1.4 s depending on the machine's load, 60 → 3 to 4 s).
 */
export const MAX_POSITIONS = 24;

const refuse = (why: string): HttpError =>
  pgrst(
    400,
    "2201B",
    `invalid regular expression: ${why}`,
    null,
    "Use a simpler pattern: no back-references, lookaround or nested repetition; counted repetitions up to {10}.",
  );

/** Most regular expressions in one query (filters, `or` trees and `any`/`all` lists together). */
export const MAX_REGEXES = 4;

/** Throws a 400 for a pattern that could keep the database busy; returns nothing otherwise. */
export function checkPattern(op: string, pattern: string, query?: { regexes: number }): void {
  if (op === "like" || op === "ilike") {
    if ([...pattern].length > MAX_LIKE_LENGTH) {
      throw pgrst(400, "54000", `pattern too long: at most ${MAX_LIKE_LENGTH} characters`, null, null);
    }
    return;
  }
  if (op !== "match" && op !== "imatch") return;
  if (query && ++query.regexes > MAX_REGEXES) throw refuse(`at most ${MAX_REGEXES} regular expressions in one request`);
  if ([...pattern].length > MAX_REGEX_LENGTH) throw refuse(`pattern too long: at most ${MAX_REGEX_LENGTH} characters`);
  // PostgreSQL "directors": ***= is a literal (harmless), ***: an ARE (analyse the rest as usual).
  let p = pattern;
  if (p.startsWith("***=")) return;
  if (p.startsWith("***:")) p = p.slice(4);
  // Embedded options (?b) (?e) (?q) … may switch to basic or literal syntax; (?x) expanded syntax.
  const opts = /^\(\?([bceimnpqstwx]+)\)/.exec(p);
  if (opts) {
    if (opts[1]!.includes("q")) return; // literal
    if (/[be]/.test(opts[1]!)) throw refuse("basic and extended (non-advanced) syntax are not accepted");
    p = p.slice(opts[0].length);
  }

  /** For each open group: whether a quantifier appeared inside it, and its positions so far. */
  const groups: { quantified: boolean; positions: number }[] = [];
  let top = 0; // positions outside any group
  const add = (n: number) => {
    if (groups.length) groups[groups.length - 1]!.positions += n;
    else top += n;
    if (top + groups.reduce((a, g) => a + g.positions, 0) > MAX_POSITIONS) {
      throw refuse(`the pattern is too large (at most ${MAX_POSITIONS} positions; a repetition {n} counts n times)`);
    }
  };
  /** Whether the atom just closed was a group holding a quantifier. */
  let lastAtomHeavy = false;
  /** Positions of the last atom (what a following quantifier repeats). */
  let lastAtom = 0;
  let counted = 0;
  const markQuantifier = () => {
    for (const g of groups) g.quantified = true;
  };
  const atom = (n = 1) => {
    add(n);
    lastAtom = n;
    lastAtomHeavy = false;
  };
  for (let i = 0; i < p.length; i++) {
    const ch = p[i]!;
    if (ch === "\\") {
      const next = p[i + 1] ?? "";
      if (/[1-9]/.test(next)) throw refuse("back-references are not accepted");
      i++;
      if (next === "m" || next === "M" || next === "y" || next === "Y" || next === "A" || next === "Z") {
        lastAtom = 0; // constraints match no character
        lastAtomHeavy = false;
        continue;
      }
      // \x41, \u0041, \0 octal… are single atoms; skip the escape letter (the rest is plain text).
      atom();
      continue;
    }
    if (ch === "[") {
      // Bracket expression: ] right after [ or [^ is literal; [:class:], [.x.], [=x=] are inner tokens.
      let j = i + 1;
      if (p[j] === "^") j++;
      if (p[j] === "]") j++;
      while (j < p.length && p[j] !== "]") {
        if (p[j] === "[" && (p[j + 1] === ":" || p[j + 1] === "." || p[j + 1] === "=")) {
          const close = p.indexOf(`${p[j + 1]}]`, j + 2);
          if (close < 0) break;
          j = close + 2;
        } else j++;
      }
      i = j; // at ] (or past the end: PostgreSQL reports the bracket error itself)
      atom();
      continue;
    }
    if (ch === "(") {
      if (p[i + 1] === "?") {
        const kind = p.slice(i + 2, i + 4);
        if (kind.startsWith("=") || kind.startsWith("!") || kind === "<=" || kind === "<!")
          throw refuse("lookahead and lookbehind constraints are not accepted");
        if (p[i + 2] === "#") {
          // comment (?#…)
          const close = p.indexOf(")", i);
          i = close < 0 ? p.length : close;
          continue;
        }
        if (p[i + 2] === ":") i += 2;
      }
      groups.push({ quantified: false, positions: 0 });
      continue;
    }
    if (ch === ")") {
      const g = groups.pop();
      if (!g) continue; // unbalanced: PostgreSQL reports it
      add(g.positions); // moves the group's positions to its parent
      lastAtom = g.positions;
      lastAtomHeavy = g.quantified;
      continue;
    }
    if (ch === "^" || ch === "$" || ch === "|") {
      lastAtom = 0;
      lastAtomHeavy = false;
      continue;
    }
    if (ch === "*" || ch === "+" || ch === "?" || ch === "{") {
      let bound = ch === "+" ? 2 : 1; // a+ is a a*
      if (ch === "{") {
        const m = /^\{(\d*)(,(\d*))?\}/.exec(p.slice(i));
        if (!m) {
          atom(); // a literal brace; PostgreSQL decides
          continue;
        }
        const lo = m[1] ? Number(m[1]) : 0;
        const hi = m[3] ? Number(m[3]) : 0;
        bound = Math.max(lo, hi, m[2] && !m[3] ? lo + 1 : 0, 1);
        if (bound > MAX_REPEAT) throw refuse(`counted repetitions are limited to {${MAX_REPEAT}}`);
        if (++counted > MAX_COUNTED) throw refuse(`at most ${MAX_COUNTED} counted repetitions`);
        i += m[0].length - 1;
      }
      if (lastAtomHeavy) throw refuse("a repeated group may not contain a repetition itself");
      if (p[i + 1] === "?") i++; // non-greedy
      add(lastAtom * (bound - 1));
      markQuantifier();
      lastAtom = 0;
      lastAtomHeavy = false;
      continue;
    }
    atom();
  }
}
