/**
 * CSV (RFC 4180) for spreadsheet exports. Excel only reads UTF-8 (and so Arabic) correctly when the
 * file starts with a byte order mark, so `toCsv` adds one by default.
 */
export const BOM = "\uFEFF";

type CsvValue = string | number | boolean | null | undefined | Date;

/** One field: quoted when it holds a comma, quote, CR or LF (or edge spaces); quotes doubled. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
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
