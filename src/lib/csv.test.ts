import { describe, expect, it } from "vitest";
import { BOM, csvField, csvText, toCsv } from "./csv";

describe("csvField", () => {
  it("leaves plain values alone", () => {
    expect(csvField("hello")).toBe("hello");
    expect(csvField(42)).toBe("42");
    expect(csvField(true)).toBe("true");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("neutralises spreadsheet formulas but keeps signed numbers and phone numbers", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+971501234567")).toBe("+971501234567");
    expect(csvField("-12.5")).toBe("-12.5");
  });

  it("keeps a phone number text in spreadsheets: a quoted constant formula, nothing else in it", () => {
    // In the file: "=""+971501234567""" — a spreadsheet reads the cell ="+971501234567" and shows +971501234567.
    expect(csvField(csvText("+971501234567"))).toBe('"=""+971501234567"""');
    expect(csvField(csvText("00971501234567"))).toBe('"=""00971501234567"""');
    // Parsed back as RFC 4180, the cell is exactly the formula, which holds the number and only the number.
    const cell = csvField(csvText("+14165550100")).slice(1, -1).replace(/""/g, '"');
    expect(cell).toBe('="+14165550100"');
    expect(cell).toMatch(/^="\+?\d+"$/);
    // Anything that is not "+" and digits is an ordinary field, formula-safe as ever.
    expect(csvField(csvText('+1"&HYPERLINK("x")'))).toBe('"\'+1""&HYPERLINK(""x"")"');
    expect(csvField(csvText("=1+2"))).toBe("'=1+2");
    expect(csvField(csvText("+971 50 123 4567"))).toBe("'+971 50 123 4567");
    expect(csvField(csvText(""))).toBe("");
    expect(csvField(csvText(null))).toBe("");
  });

  it("writes dates as ISO strings", () => {
    expect(csvField(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("toCsv", () => {
  it("starts with a UTF-8 BOM and uses CRLF line ends", () => {
    const csv = toCsv(
      ["name", "city"],
      [
        ["سارة", "دبي"],
        ["John, Jr.", "Toronto"],
      ],
    );
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(`${BOM}name,city\r\nسارة,دبي\r\n"John, Jr.",Toronto\r\n`);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("can leave the BOM out", () => {
    expect(toCsv(["a"], [["1"]], { bom: false })).toBe("a\r\n1\r\n");
  });
});
