/**
 * The beacon's rows (server/analytics/beacon.ts): what the thread that answers a beacon hands to the main
 * thread is the exact text PGlite's COPY reads, and the same values come back for PostgreSQL's insert; an
 * event kept before its day's salt is known gets the same visitor once the main thread completes it.
 */
import { describe, expect, it } from "vitest";
import { EventRows, beacon, completeRows, firstRows, rowParts, rowsToColumns, visitorHash } from "./beacon.ts";

const SITE = "https://wasla.example";
const SALT = "salt-of-2026-11-28-0123456789abcdef0123";
const UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const at = "2026-11-28T12:00:00.000Z";

describe("an event's row", () => {
  it("keeps every value whole through COPY's text format, whatever characters it holds", () => {
    const odd = ["tab\there", "line\nbreak", "cr\rhere", String.raw`back\slash \N`, "\\N", "حملة دبي", ""];
    let rows = "";
    for (const value of odd) {
      const { head, tail } = rowParts({
        at,
        day: "2026-11-28",
        kind: "view",
        path: `/en/${value}`,
        locale: "ar",
        channel: "referral",
        source: value,
        campaign: null,
        device: "mobile",
        form: null,
        forms: ["sales_lead", "newsletter"],
      });
      rows += head + "v".repeat(22) + tail;
    }
    // One line per row: no value ends a field or a row early.
    expect(rows.split("\n")).toHaveLength(odd.length + 1);
    expect(rows.split("\n").every((line) => line === "" || line.split("\t").length === 12)).toBe(true);
    const columns = rowsToColumns(rows);
    expect(columns[3]).toEqual(odd.map((v) => `/en/${v}`));
    expect(columns[7]).toEqual(odd);
    expect(columns[8]).toEqual(odd.map(() => null));
    expect(columns[11]).toEqual(odd.map(() => "{sales_lead,newsletter}"));
  });

  it("leaves U+0000 out (PostgreSQL cannot store it, and one such value would fail the whole write)", () => {
    const values = {
      at,
      day: "2026-11-28",
      kind: "view",
      path: "/en",
      locale: "en",
      channel: "referral",
      campaign: null,
      device: "mobile",
    };
    const { head, tail } = rowParts({ ...values, source: "ex\u0000ample.com", form: null, forms: null });
    expect(rowsToColumns(head + "v".repeat(22) + tail)[7]).toEqual(["example.com"]);
  });

  it("cuts a text of rows after its first rows", () => {
    const rows = "a\t1\nb\t2\nc\t3\n";
    expect(firstRows(rows, 0)).toBe("");
    expect(firstRows(rows, 2)).toBe("a\t1\nb\t2\n");
    expect(firstRows(rows, 3)).toBe(rows);
    expect(firstRows(rows, 9)).toBe(rows);
  });
});

describe("the beacon's rules keep rows", () => {
  function rules(saltOf: (day: string) => string | undefined) {
    const into = new EventRows();
    const counts = { accepted: 0, ignored: 0, dropped: 0 };
    const b = beacon({
      limiter: null,
      now: () => new Date(at),
      target: () => ({ into, room: 100 }),
      site: SITE,
      saltOf,
      added() {},
      counts,
    });
    const head = {
      contentType: "text/plain",
      contentLength: "80",
      userAgent: UA,
      dnt: undefined,
      gpc: undefined,
      clientAddress: "203.0.113.9",
    };
    const events = [
      {
        k: "view",
        p: "/en/contact",
        l: "en",
        f: ["sales_lead", "sales_lead"],
        t: { source: "whatsapp", campaign: "dubai-q1", landingPage: "/en/blog/x", at },
      },
      { k: "form_start", p: "/en/contact", l: "en", f: "sales_lead" },
    ];
    expect(b.takeBody(head, JSON.stringify(events))).toEqual({ status: 204 });
    return { into, counts };
  }

  it("hashes the visitor where the event is answered when the day's salt is known: no address or agent leaves", () => {
    const { into, counts } = rules((day) => (day === "2026-11-28" ? SALT : undefined));
    expect(counts.accepted).toBe(2);
    expect(into.count).toBe(2);
    expect(into.waiting).toEqual([]);
    expect(into.rows).not.toContain("203.0.113.9");
    expect(into.rows).not.toContain("iPhone");
    const [when, day, kind, path, locale, visitor, channel, source, campaign, device, form, forms] = rowsToColumns(into.rows);
    expect(when).toEqual([at, at]);
    expect(day).toEqual(["2026-11-28", "2026-11-28"]);
    expect(kind).toEqual(["view", "form_start"]);
    expect(path).toEqual(["/en/contact", "/en/contact"]);
    expect(locale).toEqual(["en", "en"]);
    expect(visitor).toEqual([visitorHash(SALT, SITE, "203.0.113.9", UA), visitorHash(SALT, SITE, "203.0.113.9", UA)]);
    expect([channel, source, campaign]).toEqual([
      ["whatsapp", "direct"],
      ["whatsapp", null],
      ["dubai-q1", null],
    ]);
    expect(device).toEqual(["mobile", "mobile"]);
    expect(form).toEqual([null, "sales_lead"]);
    expect(forms).toEqual(["{sales_lead}", null]);
  });

  it("keeps the event waiting when the salt is not known yet; the main thread completes it to the same row", async () => {
    const known = rules(() => SALT).into;
    const { into } = rules(() => undefined);
    expect(into.count).toBe(0);
    expect(into.rows).toBe("");
    expect(into.waiting.map((w) => [w.day, w.address, w.ua])).toEqual([
      ["2026-11-28", "203.0.113.9", UA],
      ["2026-11-28", "203.0.113.9", UA],
    ]);
    const asked: string[] = [];
    const text = await completeRows(into, SITE, async (day) => (asked.push(day), SALT));
    expect(asked).toEqual(["2026-11-28", "2026-11-28"]);
    expect(text).toBe(known.rows);
    expect(await completeRows(known, SITE, () => Promise.reject(new Error("not asked")))).toBe(known.rows);
  });
});
