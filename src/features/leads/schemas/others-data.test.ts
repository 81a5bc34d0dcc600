import { describe, expect, it } from "vitest";
import { othersDialCodes } from "./others-data";

// Regional indicator symbols (the letters of flag emoji) draw as empty boxes where no emoji font exists.
const FLAG_LETTERS = /[\u{1F1E6}-\u{1F1FF}]/u;

describe("dial-code lists", () => {
  for (const intl of ["ar-AE", "en-US"]) {
    it(`name every country in words and digits, without flag emoji (${intl})`, () => {
      const lists = [othersDialCodes(intl)];
      for (const list of lists) {
        expect(list.length).toBeGreaterThan(10);
        for (const o of list) {
          expect(o.label).not.toMatch(FLAG_LETTERS);
          expect(o.label).toContain(o.dial.slice(1));
          expect(o.label).toMatch(/\p{L}{2}/u);
        }
      }
    });
  }
});
