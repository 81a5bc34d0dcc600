/**
 * Image variant sizes and encoding time: `npm run bench:images -- <photo.jpg> [...]`.
 * For each photo, at 640 px wide (and the other render widths up to the photo's width): the
 * original's bytes, then JPEG, WebP and AVIF made by the render endpoint's own code
 * (server/api/image-render.ts, the quality the site's srcset asks for), with the median encoding
 * time of 5 runs on one libvips thread, as the server runs them.
 */
import { readFileSync, statSync } from "node:fs";
import sharp from "sharp";
import { RENDER_WIDTHS, transformImage, type OutputFormat, type RenderParams } from "../server/api/image-render.ts";
import { IMAGE_QUALITY } from "../src/lib/responsive-image.ts";

sharp.concurrency(1);
sharp.cache(false);

const files = process.argv.slice(2);
if (!files.length) {
  console.error("usage: npm run bench:images -- <photo.jpg> [...]");
  process.exit(1);
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const file of files) {
  const source = readFileSync(file);
  const meta = await sharp(source).metadata();
  console.log(`\n${file}: ${meta.width}×${meta.height} ${meta.format}, ${kb(statSync(file).size)}`);
  const widths = RENDER_WIDTHS.filter((w) => w <= (meta.width ?? 0));
  for (const width of widths) {
    const row: string[] = [];
    for (const format of ["jpeg", "webp", "avif"] as OutputFormat[]) {
      const params: RenderParams = { width, height: null, quality: IMAGE_QUALITY, resize: "cover", format: null };
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        bytes = (await transformImage(source, params, format, { maxInputPixels: 40_000_000 })).length;
        times.push(performance.now() - t);
      }
      row.push(`${format} ${kb(bytes)} (${median(times).toFixed(0)} ms)`);
    }
    console.log(`  ${width} px: ${row.join(" · ")}`);
  }
}
