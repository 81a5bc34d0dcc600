/**
 * The W3C Nu HTML checker (vnu.jar from the `vnu-jar` package, run by Java) over documents collected
 * first: starting the JVM is the slow part, so one run checks them all. Used by valid-html.spec.ts and
 * interactive-states.spec.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const vnuJar: string = require("vnu-jar");

interface Message {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/** Documents written to a folder of their own, each with the label its errors are reported under. */
export class NuDocuments {
  readonly files = new Map<string, string>();
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  /** Empties the folder (start of a run). */
  reset() {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    this.files.clear();
  }

  add(label: string, html: string) {
    const file = path.join(this.dir, `${this.files.size.toString().padStart(3, "0")}.html`);
    writeFileSync(file, html);
    this.files.set(file, label);
  }

  /**
   * Checks every document: one line per document and error message, with its count and the first place
   * it occurs (warnings and info are not errors). `reported`: the checker ran and answered. Removes the folder.
   */
  check(): { reported: boolean; errors: string[] } {
    // vnu writes its JSON report to stderr.
    const out = spawnSync("java", ["-Xss8m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...this.files.keys()], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    }).stderr;
    const report = JSON.parse(out || "{}") as { messages?: Message[] };
    const grouped = new Map<string, { count: number; extract: string }>();
    for (const m of report.messages ?? []) {
      if (m.type !== "error" && m.subType !== "fatal") continue;
      const file = decodeURIComponent(m.url.replace(/^file:/, ""));
      // React's generated ids (`_r_1_`) differ between runs: one message whatever the id.
      const key = `${this.files.get(file) ?? file}: ${m.message.replace(/“[^”]*_r_[^”]*”/g, "“…”")}`;
      const g = grouped.get(key) ?? { count: 0, extract: (m.extract ?? "").replace(/\s+/g, " ").slice(0, 140) };
      g.count++;
      grouped.set(key, g);
    }
    rmSync(this.dir, { recursive: true, force: true });
    return { reported: report.messages !== undefined, errors: [...grouped].map(([key, g]) => `${key} ×${g.count} — ${g.extract}`) };
  }
}
