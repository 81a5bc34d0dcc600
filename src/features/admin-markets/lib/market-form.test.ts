import { describe, expect, it } from "vitest";
import { draftOf, draftProblems, emptyDraft, recordOf } from "./market-form";

describe("the market editor's draft", () => {
  const canada = {
    id: "canada",
    name_en: "Canada",
    name_ar: "كندا",
    time_zone: "America/Toronto",
    working_days: [5, 1, 2, 3, 4],
    open_minute: 540,
    close_minute: 1050,
    slot_minutes: 30,
    min_notice_minutes: 120,
    horizon_days: 365,
    holidays: ["2026-12-25", "2026-07-01"],
    country_codes: ["CA"],
    is_default: false,
    position: 2,
  };
  it("round-trips a row (times as HH:MM, holidays one per line, sorted)", () => {
    const d = draftOf(canada);
    expect(d).toMatchObject({
      open: "09:00",
      close: "17:30",
      holidays: "2026-07-01\n2026-12-25",
      countryCodes: "CA",
      workingDays: [1, 2, 3, 4, 5],
    });
    expect(draftProblems(d)).toEqual([]);
    expect(recordOf({ ...d, countryCodes: "ca, us ca" })).toMatchObject({
      ...canada,
      working_days: [1, 2, 3, 4, 5],
      holidays: ["2026-07-01", "2026-12-25"],
      country_codes: ["CA", "US"],
    });
  });
  it("names what the database would refuse", () => {
    const d = {
      ...emptyDraft(3),
      id: "Mars",
      timeZone: "Mars/Olympus",
      open: "17:00",
      close: "09:00",
      holidays: "2026-02-30",
      countryCodes: "CAN",
    };
    expect(draftProblems(d)).toEqual(["id", "names", "timeZone", "hours", "holidays", "countryCodes"]);
    expect(draftProblems({ ...draftOf(canada), workingDays: [], horizonDays: 0, minNoticeMinutes: -5 })).toEqual([
      "workingDays",
      "minNotice",
      "horizon",
    ]);
  });
});
