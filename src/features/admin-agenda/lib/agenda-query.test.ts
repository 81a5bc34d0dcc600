import { describe, expect, it } from "vitest";
import { agendaPageQuery, agendaQueryFromSearch, agendaQueryToSearch, groupByDay, stepAgenda } from "./agenda-query";

const NOW = new Date("2026-12-01T08:00:00Z");

describe("agenda query", () => {
  it("reads and writes the address", () => {
    const q = agendaQueryFromSearch("?view=day&filter=cancelled&date=2027-11-30", NOW, "Asia/Dubai");
    expect(q).toEqual({ view: "day", filter: "cancelled", date: "2027-11-30", page: 0 });
    expect(agendaQueryFromSearch(agendaQueryToSearch(q), NOW, "Asia/Dubai")).toEqual(q);
    expect(agendaQueryFromSearch("?view=list", NOW, "Asia/Dubai")).toMatchObject({ view: "list", filter: "upcoming" });
    expect(agendaQueryFromSearch("?view=nope&date=x", NOW, "Asia/Dubai")).toEqual({
      view: "week",
      filter: "all",
      date: "2026-12-01",
      page: 0,
    });
  });

  it("turns a day on the member's clock into its instants", () => {
    const p = agendaPageQuery({ view: "day", filter: "all", date: "2027-11-30", page: 0 }, NOW, "America/Toronto");
    expect(p.from?.toISOString()).toBe("2027-11-30T05:00:00.000Z");
    expect(p.to?.toISOString()).toBe("2027-12-01T05:00:00.000Z");
    expect(p.status).toBeNull();
  });

  it("lists upcoming from now onwards, past and cancelled latest first, a page at a time", () => {
    const up = agendaPageQuery({ view: "list", filter: "upcoming", date: "", page: 2 }, NOW, "Asia/Dubai");
    expect(up).toMatchObject({ from: NOW, to: null, status: "confirmed", descending: false, limit: 26, offset: 50 });
    expect(agendaPageQuery({ view: "list", filter: "past", date: "", page: 0 }, NOW, "Asia/Dubai")).toMatchObject({
      to: NOW,
      descending: true,
    });
    expect(agendaPageQuery({ view: "list", filter: "cancelled", date: "", page: 0 }, NOW, "Asia/Dubai")).toMatchObject({
      status: "cancelled",
    });
  });

  it("steps by the view's range", () => {
    expect(stepAgenda({ view: "week", filter: "all", date: "2026-12-28", page: 0 }, 1).date).toBe("2027-01-04");
    expect(stepAgenda({ view: "day", filter: "all", date: "2026-12-01", page: 0 }, -1).date).toBe("2026-11-30");
    expect(stepAgenda({ view: "list", filter: "all", date: "", page: 0 }, -1).page).toBe(0);
  });

  it("groups rows by day on the member's clock", () => {
    const g = groupByDay([{ starts_at: "2026-12-01T20:30:00Z" }, { starts_at: "2026-12-01T21:00:00Z" }], "Asia/Dubai");
    expect(g.map((x) => [x.date, x.rows.length])).toEqual([["2026-12-02", 2]]);
  });
});
