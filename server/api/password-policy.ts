/**
 * Administrator passwords: at least 12 characters, and not one of the commonly used passwords. The
 * list is the "passwords-common" dictionary of @zxcvbn-ts/language-common (about 49,000 of the most
 * frequent passwords found in public breach corpora, maintained by the zxcvbn-ts project), loaded the
 * first time a password is checked. A password is refused when, lower-cased, it is on the list, or is
 * a listed password followed by digits and symbols ("dragon2026!!!!"), or repeats a short pattern
 * ("abcabcabcabc").
 */
const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 72; // bcrypt reads no further

let common: Promise<Set<string>> | null = null;
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then((m) => new Set(m.dictionary["passwords-common"].map((p) => p.toLowerCase())));
  return common;
}

/** Why the password is refused (one sentence), or null when it is acceptable. */
export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} bytes long.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(password)) return "The password may not contain control characters.";
  if (/^(.{1,4})\1+$/su.test(password)) return "The password repeats a short pattern; choose a longer, less predictable one.";
  const lower = password.toLowerCase();
  const list = await commonPasswords();
  const base = lower.replace(/[\d\W_]+$/u, "");
  if (list.has(lower) || (base.length >= 4 && list.has(base)) || list.has(lower.replace(/\s+/g, ""))) {
    return "The password is on a list of commonly used passwords; choose another one.";
  }
  return null;
}

/** Throws an Error with the reason when the password is not acceptable. */
export async function assertAcceptablePassword(password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new Error(problem);
}
