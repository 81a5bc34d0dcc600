#!/usr/bin/env node
/**
 * Draws the site's branded images from our own brand colours, mark and fonts, with resvg (text shaped by
 * rustybuzz, so Arabic letters join and run right to left):
 *
 * - public/share/default-ar.png, public/share/default-en.png: the default share card (1200×630) of pages and
 *   posts without a hero image, with the product name and the landing page's tagline in that language
 *   (the tagline is read from locales/<lang>/messages.po, so it follows the copy);
 * - public/images/blog/*.png: the hero illustrations of the sample posts in supabase/seed.sql.
 *
 * The PNGs are committed (the server serves them as static files; nothing is drawn per request). Run
 * `npm run share-images` after changing the brand, the product name or the tagline;
 * scripts/share-images.test.ts fails when a committed image no longer matches what this script draws.
 *
 * Fonts: the Arabic face is the subset the site ships (src/app/fonts), the Latin one Inter from
 * @fontsource-variable/inter; both are WOFF2, unpacked to TrueType in a temporary directory for resvg.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/** Brand tokens (src/components/theme/system.ts). */
const brand = {
  50: "#ecfdf8",
  100: "#cff7eb",
  200: "#a2eed9",
  400: "#2dc3a6",
  600: "#078672",
  700: "#0a6b5d",
  800: "#0d554b",
  900: "#0e463f",
  950: "#032925",
};
const sand = { 200: "#e9d7a6", 300: "#dcbd72", 400: "#d1a64e" };

const TAGLINE = "AI sales follow-up for real-estate teams in the UAE and Canada";

const escapeXml = (s) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]);

/** The translation of `msgid` in locales/<locale>/messages.po (English: the id itself). */
function translate(locale, msgid) {
  if (locale === "en") return msgid;
  const { po } = require("gettext-parser");
  const catalog = po.parse(readFileSync(path.join(root, "locales", locale, "messages.po")));
  const entry = catalog.translations[""]?.[msgid];
  const text = entry?.msgstr?.[0];
  if (!text) throw new Error(`share-images: no ${locale} translation of "${msgid}"`);
  return text;
}

/** Greedy word wrap to lines of at most `max` characters. */
function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The mark: the favicon's W, white on a rounded square (public/favicon.svg), at (x, y) with side `size`. */
const mark = (x, y, size, bg, fg) => `
  <g transform="translate(${x} ${y}) scale(${size / 32})">
    <rect width="32" height="32" rx="7" fill="${bg}"/>
    <path d="M7 10l4 13 5-9 5 9 4-13" fill="none" stroke="${fg}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;

/** A skyline of towers along the bottom edge (decorative). */
function skyline(width, base, fill, opacity, seed = 1) {
  const towers = [];
  let x = 0;
  let n = seed;
  while (x < width) {
    n = (n * 9301 + 49297) % 233280;
    const w = 38 + (n % 46);
    const h = 60 + ((n >> 3) % 170);
    towers.push(`<rect x="${x}" y="${base - h}" width="${w - 6}" height="${h}" rx="3"/>`);
    // a spire now and then
    if (n % 5 === 0) towers.push(`<rect x="${x + (w - 6) / 2 - 2}" y="${base - h - 34}" width="4" height="34"/>`);
    x += w;
  }
  return `<g fill="${fill}" opacity="${opacity}">${towers.join("")}</g>`;
}

function shareCard(locale, name, tagline) {
  const W = 1200;
  const H = 630;
  const rtl = locale === "ar";
  const margin = 88;
  const family = rtl ? "Noto Sans Arabic" : "Inter";
  const lines = wrap(tagline, rtl ? 38 : 34);
  const anchor = rtl ? "end" : "start";
  const textX = rtl ? W - margin : margin;
  const markSize = 104;
  const markX = rtl ? W - margin - markSize : margin;
  const taglineSize = rtl ? 50 : 48;
  const lineHeight = rtl ? 80 : 66;
  const tagTop = 352;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${brand[950]}"/>
      <stop offset="1" stop-color="${brand[800]}"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <!-- The skyline and the rising line go the way the page reads (and stay clear of the text). -->
  <g transform="${rtl ? `translate(${W} 0) scale(-1 1)` : ""}">
    ${skyline(W, H, brand[900], 0.9, 7)}
    <polyline points="${[0, 560, 180, 540, 330, 552, 480, 500, 640, 512, 800, 452, 960, 468, 1200, 392].join(" ")}" fill="none" stroke="${sand[400]}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>
  </g>
  <rect x="0" y="0" width="${W}" height="10" fill="${sand[400]}"/>
  ${mark(markX, 96, markSize, "#ffffff", brand[700])}
  <text x="${rtl ? markX - 32 : markX + markSize + 32}" y="${96 + markSize / 2}" dominant-baseline="central" text-anchor="${anchor}"
        font-family="${family}" font-size="${rtl ? 84 : 80}" font-weight="800" fill="#ffffff"${rtl ? ' direction="rtl"' : ""}>${escapeXml(name)}</text>
  ${lines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${tagTop + i * lineHeight}" text-anchor="${anchor}" font-family="${family}" font-size="${taglineSize}" font-weight="600" fill="${brand[50]}"${rtl ? ' direction="rtl"' : ""}>${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
</svg>`;
}

/** Hero of the market-trends sample post: a skyline above a rising line chart. */
function marketHero() {
  const W = 1200;
  const H = 675;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${brand[100]}"/><stop offset="1" stop-color="${brand[50]}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="930" cy="150" r="70" fill="${sand[300]}" opacity="0.8"/>
  ${skyline(W, 470, brand[700], 1, 3)}
  <rect y="470" width="${W}" height="${H - 470}" fill="${brand[900]}"/>
  ${[0, 1, 2, 3].map((i) => `<line x1="80" x2="1120" y1="${510 + i * 40}" y2="${510 + i * 40}" stroke="${brand[600]}" stroke-width="2" opacity="0.5"/>`).join("")}
  <polyline points="80,630 260,610 420,618 580,576 740,586 900,540 1120,508" fill="none" stroke="${sand[400]}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="1120" cy="508" r="14" fill="${sand[200]}"/>
</svg>`;
}

/** Hero of the off-plan sample post: a tower under construction beside a calendar of instalments. */
function offPlanHero() {
  const W = 1200;
  const H = 675;
  const floors = Array.from({ length: 9 }, (_, i) => i);
  const days = Array.from({ length: 12 }, (_, i) => i);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${brand[50]}"/>
  <rect y="600" width="${W}" height="75" fill="${brand[200]}"/>
  <g>
    ${floors.map((i) => `<rect x="260" y="${560 - i * 52}" width="240" height="44" rx="4" fill="${i < 6 ? brand[700] : "none"}" stroke="${brand[700]}" stroke-width="4" stroke-dasharray="${i < 6 ? "0" : "12 8"}"/>`).join("")}
    <rect x="540" y="70" width="10" height="530" fill="${sand[400]}"/>
    <rect x="300" y="64" width="420" height="12" fill="${sand[400]}"/>
    <line x1="690" y1="76" x2="690" y2="200" stroke="${brand[900]}" stroke-width="3"/>
    <rect x="670" y="200" width="40" height="30" fill="${brand[900]}"/>
  </g>
  <g transform="translate(740 210)">
    <rect width="340" height="300" rx="18" fill="#ffffff" stroke="${brand[700]}" stroke-width="4"/>
    <rect width="340" height="64" rx="18" fill="${brand[700]}"/>
    <rect y="40" width="340" height="24" fill="${brand[700]}"/>
    ${days.map((i) => `<rect x="${28 + (i % 4) * 76}" y="${92 + Math.floor(i / 4) * 66}" width="56" height="46" rx="8" fill="${i < 5 ? sand[300] : brand[100]}"/>`).join("")}
  </g>
</svg>`;
}

async function main() {
  const { Resvg } = await import("@resvg/resvg-js");
  const { decompress } = (await import("wawoff2")).default;
  const fontsDir = mkdtempSync(path.join(tmpdir(), "share-fonts-"));
  try {
    const fonts = {
      "noto-sans-arabic.ttf": path.join(root, "src/app/fonts/noto-sans-arabic-core-wght.woff2"),
      "inter.ttf": require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
    };
    const fontFiles = [];
    for (const [name, woff2] of Object.entries(fonts)) {
      const file = path.join(fontsDir, name);
      writeFileSync(file, Buffer.from(await decompress(readFileSync(woff2))));
      fontFiles.push(file);
    }
    const render = (svg) =>
      new Resvg(svg, { font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "Inter" }, textRendering: 2, shapeRendering: 2 })
        .render()
        .asPng();

    const { defaultSiteConfig } = await import(path.join(root, "src/lib/site-config.ts"));
    const out = {
      "public/share/default-ar.png": shareCard("ar", defaultSiteConfig.name.ar, translate("ar", TAGLINE)),
      "public/share/default-en.png": shareCard("en", defaultSiteConfig.name.en, translate("en", TAGLINE)),
      "public/images/blog/uae-market-2025.png": marketHero(),
      "public/images/blog/dubai-off-plan.png": offPlanHero(),
    };
    const check = process.argv.includes("--check");
    let stale = 0;
    for (const [file, svg] of Object.entries(out)) {
      const png = render(svg);
      const target = path.join(root, file);
      if (check) {
        let current = null;
        try {
          current = readFileSync(target);
        } catch {
          current = null; // missing: stale
        }
        if (!current || !current.equals(png)) {
          stale++;
          console.error(`share-images: ${file} is not what the script draws; run npm run share-images`);
        }
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, png);
      console.log(`${file}: ${png.length} bytes`);
    }
    if (stale) process.exitCode = 1;
  } finally {
    rmSync(fontsDir, { recursive: true, force: true });
  }
}

await main();
