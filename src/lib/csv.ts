/**
 * CSV (RFC 4180) for spreadsheet exports. Excel only reads UTF-8 (and so Arabic) correctly when the
 * file starts with a byte order mark, so `toCsv` adds one by default.
 */
export const BOM = "\uFEFF";

/** A value spreadsheets must keep as written, not read as a number (see `csvText`). */
class CsvText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * A value that looks like a number but is text: a phone number ("+971501234567"), which Excel and
 * LibreOffice would otherwise turn into 971501234567 or 9.71502E+11, the "+" and leading zeros lost.
 * A "+" and digits only are written as the formula ="+971501234567", which every spreadsheet shows as
 * the text +971501234567 (nothing but a quoted constant can be in it, so it cannot inject anything);
 * anything else is written as an ordinary, formula-safe field.
 */
export const csvText = (text: string | null | undefined): CsvText | null => (text ? new CsvText(text) : null);

type CsvValue = string | number | boolean | null | undefined | Date | CsvText;

/** One field: quoted when it holds a comma, quote, CR or LF (or edge spaces); quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvText) {
    if (/^\+?\d{1,20}$/.test(value.text)) return `"=""${value.text}"""`;
    return csvField(value.text);
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  // A leading =, +, - or @ makes spreadsheets evaluate a formula: neutralise it (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvValue>>, { bom = true } = {}): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(","));
  return (bom ? BOM : "") + lines.join("\r\n") + "\r\n";
}

/** Starts a download of `text` as a file (browser only). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
