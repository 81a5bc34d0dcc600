#!/usr/bin/env node
/**
 * Catalog helper for the team (several people edit messages at once, so every write takes a lock).
 *
 *   node scripts/i18n.mjs extract               lingui extract, under the lock
 *   node scripts/i18n.mjs missing [ar|en]       print messages without a translation (JSON, ready to fill)
 *   node scripts/i18n.mjs translate FILE.json   extract, then set Arabic translations from
 *                                              { "<English source message>": "<Arabic>" }
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import gettextParser from "gettext-parser";

const LOCK = "locales/.lock";
const poPath = (l) => `locales/${l}/messages.po`;

async function withLock(fn) {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 120_000) rmdirSync(LOCK); // stale
      } catch {
        // already removed by its owner
      }
      if (i > 600) throw new Error("could not take locales/.lock");
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(LOCK);
  }
}

const extract = () => execFileSync("npx", ["lingui", "extract", "--clean"], { stdio: ["ignore", "ignore", "inherit"] });
const readPo = (l) => gettextParser.po.parse(readFileSync(poPath(l)));
const entries = (po) => Object.values(po.translations[""] ?? {}).filter((e) => e.msgid);

function missing(locale) {
  return Object.fromEntries(
    entries(readPo(locale))
      .filter((e) => !e.msgstr?.[0])
      .map((e) => [e.msgid, ""]),
  );
}

const [cmd, arg] = process.argv.slice(2);
if (cmd === "extract") {
  await withLock(extract);
} else if (cmd === "missing") {
  console.log(JSON.stringify(missing(arg ?? "ar"), null, 2));
} else if (cmd === "translate") {
  const map = JSON.parse(readFileSync(arg, "utf8"));
  await withLock(() => {
    extract();
    const po = readPo("ar");
    let set = 0;
    const unknown = [];
    for (const [source, arabic] of Object.entries(map)) {
      const entry = po.translations[""][source];
      if (!entry) unknown.push(source);
      else if (typeof arabic === "string" && arabic.trim()) {
        entry.msgstr = [arabic];
        set++;
      }
    }
    writeFileSync(poPath("ar"), gettextParser.po.compile(po, { foldLength: 0 }));
    console.log(`set ${set} Arabic translations`);
    if (unknown.length) console.log(`not in the catalog (check the exact English text):\n${unknown.join("\n")}`);
    const left = Object.keys(missing("ar"));
    console.log(left.length ? `${left.length} messages still lack Arabic` : "Arabic catalog complete");
  });
} else {
  console.error("usage: node scripts/i18n.mjs extract | missing [ar|en] | translate FILE.json");
  process.exit(2);
}
