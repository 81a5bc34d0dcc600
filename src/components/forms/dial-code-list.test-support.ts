import { describe, expect, it } from "vitest";
import type { DialCodeOption } from "./dial-code-field";

// Regional indicator symbols (the letters of flag emoji) draw as empty boxes where no emoji font exists.
const FLAG_LETTERS = /[\u{1F1E6}-\u{1F1FF}]/u;

/** The checks every form's dial-code list passes, in both languages (for its test file). */
export function describeDialCodeList(list: (intl: string) => DialCodeOption[]) {
  describe("dial-code lists", () => {
    for (const intl of ["ar-AE", "en-US"]) {
      it(`name every country in words and digits, without flag emoji (${intl})`, () => {
        const options = list(intl);
        expect(options.length).toBeGreaterThan(10);
        for (const o of options) {
          expect(o.label).not.toMatch(FLAG_LETTERS);
          expect(o.label).toContain(o.dial.slice(1));
          expect(o.label).toMatch(/\p{L}{2}/u);
        }
      });
    }
  });
}
