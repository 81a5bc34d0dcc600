import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const b = readFileSync(path.join(root, file));
  expect(b.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), bytes: b.length };
}

describe("share images (scripts/share-images.mjs)", () => {
  it("the default share cards are 1200×630 PNGs, one per language, small enough for WhatsApp (< 300 KB)", () => {
    for (const locale of ["ar", "en"]) {
      const { width, height, bytes } = pngSize(`public/share/default-${locale}.png`);
      expect({ width, height }).toEqual({ width: 1200, height: 630 });
      expect(bytes).toBeLessThan(300_000);
    }
  });

  it("the sample posts' hero images are 16:9", () => {
    for (const file of ["uae-market-2025", "dubai-off-plan"]) {
      expect(pngSize(`public/images/blog/${file}.png`)).toMatchObject({ width: 1200, height: 675 });
    }
  });

  it("the committed images are what the script draws from the brand and the current tagline", () => {
    // Throws (exit code 1) when an image is stale: run `npm run share-images`.
    execFileSync(process.execPath, [path.join(root, "scripts/share-images.mjs"), "--check"], { cwd: root, stdio: "pipe" });
  }, 30_000);
});
