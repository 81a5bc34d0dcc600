#!/usr/bin/env node
/**
 * Renders public/favicon.svg into the two icons browsers and phones ask for by fixed address:
 * public/apple-touch-icon.png (180×180, on the mark's own background: iOS rounds the corners itself) and
 * public/favicon.ico (16, 32 and 48 px PNGs in one ICO). Run after changing the mark: `node scripts/icons.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";

const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url), "utf8");
const png = (size, source = svg) => new Resvg(source, { fitTo: { mode: "width", value: size } }).render().asPng();

// The touch icon fills the square: iOS applies its own mask, so the rounded corners go.
writeFileSync(new URL("../public/apple-touch-icon.png", import.meta.url), png(180, svg.replace(/ rx="[\d.]+"/, "")));

const images = [16, 32, 48].map((size) => ({ size, data: png(size) }));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map(({ size, data }) => {
  const e = Buffer.alloc(16);
  e.writeUInt8(size, 0);
  e.writeUInt8(size, 1);
  e.writeUInt16LE(1, 4); // colour planes
  e.writeUInt16LE(32, 6); // bits per pixel
  e.writeUInt32LE(data.length, 8);
  e.writeUInt32LE(offset, 12);
  offset += data.length;
  return e;
});
writeFileSync(new URL("../public/favicon.ico", import.meta.url), Buffer.concat([header, ...entries, ...images.map((i) => i.data)]));
console.log("wrote public/apple-touch-icon.png and public/favicon.ico");
