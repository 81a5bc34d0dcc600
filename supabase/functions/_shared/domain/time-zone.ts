// GENERATED from src/lib/time-zone.ts by scripts/functions-domain.mjs: edit the source, then run it.
/** Time-zone arithmetic with `Intl` only (no time-zone database of our own). */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The offset of `timeZone` from UTC at `instant` (ms since the epoch), in milliseconds (Asia/Dubai → 14,400,000). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}
