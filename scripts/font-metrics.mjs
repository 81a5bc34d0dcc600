#!/usr/bin/env node
/**
 * Prints the @font-face overrides that make a local system font take the same space as a web font
 * (src/app/fonts/fallback.css): size-adjust from the average advance widths (OS/2 xAvgCharWidth), then
 * ascent-, descent- and line-gap-override from the web font's hhea metrics divided by that size-adjust.
 * Reads TrueType/OpenType and WOFF2 files (only head, hhea and OS/2, which WOFF2 never transforms).
 *
 *   node scripts/font-metrics.mjs <web font> <local fallback font>
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

function base128(buf, at) {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const b = buf[at.pos++];
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) return value;
  }
  throw new Error("bad UIntBase128");
}

/** Raw bytes of the tables we need, by tag. */
export function tables(buf) {
  const out = new Map();
  const sig = buf.toString("latin1", 0, 4);
  if (sig === "wOF2") {
    const numTables = buf.readUInt16BE(12);
    const compressed = buf.readUInt32BE(20);
    const at = { pos: 48 };
    const entries = [];
    for (let i = 0; i < numTables; i++) {
      const flags = buf[at.pos++];
      let tag = KNOWN[flags & 0x3f];
      if ((flags & 0x3f) === 63) {
        tag = buf.toString("latin1", at.pos, at.pos + 4);
        at.pos += 4;
      }
      const version = flags >> 6;
      const orig = base128(buf, at);
      const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
      const length = transformed ? base128(buf, at) : orig;
      entries.push({ tag, length });
    }
    const data = brotliDecompressSync(buf.subarray(at.pos, at.pos + compressed));
    let off = 0;
    for (const e of entries) {
      out.set(e.tag, data.subarray(off, off + e.length));
      off += e.length;
    }
    return out;
  }
  const numTables = buf.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = buf.toString("latin1", rec, rec + 4);
    const offset = buf.readUInt32BE(rec + 8);
    const length = buf.readUInt32BE(rec + 12);
    out.set(tag, buf.subarray(offset, offset + length));
  }
  return out;
}
// The WOFF2 known-table index (spec table 3.4); "cvt ", "CFF " and "SVG " end in a space.
const KNOWN = [
  "cmap",
  "head",
  "hhea",
  "hmtx",
  "maxp",
  "name",
  "OS/2",
  "post",
  "cvt ",
  "fpgm",
  "glyf",
  "loca",
  "prep",
  "CFF ",
  "VORG",
  "EBDT",
  "EBLC",
  "gasp",
  "hdmx",
  "kern",
  "LTSH",
  "PCLT",
  "VDMX",
  "vhea",
  "vmtx",
  "BASE",
  "GDEF",
  "GPOS",
  "GSUB",
  "EBSC",
  "JSTF",
  "MATH",
  "CBDT",
  "CBLC",
  "COLR",
  "CPAL",
  "SVG ",
  "sbix",
  "acnt",
  "avar",
  "bdat",
  "bloc",
  "bsln",
  "cvar",
  "fdsc",
  "feat",
  "fmtx",
  "fvar",
  "gvar",
  "hsty",
  "just",
  "lcar",
  "mort",
  "morx",
  "opbd",
  "prop",
  "trak",
  "Zapf",
  "Silf",
  "Glat",
  "Gloc",
  "Feat",
  "Sill",
];

export function metrics(file) {
  const t = tables(readFileSync(file));
  const head = t.get("head");
  const hhea = t.get("hhea");
  const os2 = t.get("OS/2");
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    xAvgCharWidth: os2.readInt16BE(2),
  };
}

export function overrides(web, local) {
  const size = web.xAvgCharWidth / web.unitsPerEm / (local.xAvgCharWidth / local.unitsPerEm);
  const pct = (n) => `${(n * 100).toFixed(2)}%`;
  return {
    "size-adjust": pct(size),
    "ascent-override": pct(web.ascent / web.unitsPerEm / size),
    "descent-override": pct(Math.abs(web.descent) / web.unitsPerEm / size),
    "line-gap-override": pct(web.lineGap / web.unitsPerEm / size),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [webFile, localFile] = process.argv.slice(2);
  const web = metrics(webFile);
  const local = metrics(localFile);
  console.log({ web, local });
  console.log(
    Object.entries(overrides(web, local))
      .map(([k, v]) => `  ${k}: ${v};`)
      .join("\n"),
  );
}
