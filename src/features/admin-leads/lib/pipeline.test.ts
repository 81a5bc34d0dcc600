import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  viewQueryOf,
  businessWeekStart,
  defaultLeadQuery,
  endOfBusinessDay,
  isFiltered,
  leadQueryFromSearch,
  leadQueryToSearch,
  mailtoHref,
  readablePath,
  startOfBusinessDay,
  telHref,
  whatsappHref,
} from "./pipeline";

describe("lead query ↔ address", () => {
  it("round-trips every filter, search, sort and page", () => {
    const q = {
      ...defaultLeadQuery,
      kind: "subscribers" as const,
      status: "won" as const,
      owner: "0b7a3c1e-1111-4222-8333-444455556666",
      type: "demo_booking" as const,
      country: "UAE",
      source: "/en/blog/x",
      from: "2026-11-01",
      to: "2026-11-23",
      overdue: true,
      q: "omar & co",
      sort: "activity" as const,
      page: 3,
    };
    const search = leadQueryToSearch(q);
    expect(leadQueryFromSearch(search)).toEqual(q);
    expect(leadQueryToSearch(defaultLeadQuery)).toBe("");
    expect(isFiltered(defaultLeadQuery)).toBe(false);
    expect(isFiltered({ ...defaultLeadQuery, sort: "name", page: 4 })).toBe(false);
    expect(isFiltered({ ...defaultLeadQuery, overdue: true })).toBe(true);
  });

  it("drops what it does not understand", () => {
    expect(leadQueryFromSearch("?status=closed&owner=robert'); drop&type=x&from=yesterday&page=-2&sort=evil&overdue=yes")).toEqual(
      defaultLeadQuery,
    );
    expect(leadQueryFromSearch("?status=any&owner=none").status).toBe("any");
    expect(leadQueryFromSearch("?kind=leads").kind).toBe("");
    expect(leadQueryFromSearch("?kind=all").kind).toBe("all");
  });
});

describe("saved views and the phone's filter count", () => {
  it("a view keeps filters, search and sort, never the page; it reads back as the same query", () => {
    const q = { ...defaultLeadQuery, status: "new" as const, country: "الإمارات", q: "Rula", sort: "oldest" as const, page: 4 };
    const kept = viewQueryOf(q);
    expect(kept).toBe("status=new&country=%D8%A7%D9%84%D8%A5%D9%85%D8%A7%D8%B1%D8%A7%D8%AA&q=Rula&sort=oldest");
    expect(kept).toMatch(/^[A-Za-z0-9_.~%=&+*-]*$/);
    expect(leadQueryFromSearch(kept)).toEqual({ ...q, page: 1 });
    expect(viewQueryOf(defaultLeadQuery)).toBe("");
  });

  it("counts the filters that narrow the list, not the search or the sort", () => {
    expect(activeFilterCount(defaultLeadQuery)).toBe(0);
    expect(activeFilterCount({ ...defaultLeadQuery, q: "x", sort: "name" })).toBe(0);
    expect(activeFilterCount({ ...defaultLeadQuery, status: "won", owner: "none", overdue: true, country: " " })).toBe(3);
  });
});

describe("business days (Asia/Dubai, UTC+4, no daylight saving)", () => {
  it("a Dubai day starts at 20:00 UTC the day before", () => {
    expect(startOfBusinessDay("2026-11-23")).toBe("2026-11-22T20:00:00.000Z");
    expect(endOfBusinessDay("2026-11-23")).toBe("2026-11-23T20:00:00.000Z");
    expect(endOfBusinessDay("2026-12-31")).toBe("2026-12-31T20:00:00.000Z");
    expect(startOfBusinessDay("")).toBeNull();
  });

  it("the week starts on Monday in Dubai, even when it is still Sunday in UTC", () => {
    expect(businessWeekStart(new Date("2026-11-25T12:00:00Z"))).toBe("2026-11-23"); // Wednesday
    expect(businessWeekStart(new Date("2026-11-22T21:00:00Z"))).toBe("2026-11-23"); // Monday 01:00 in Dubai
    expect(businessWeekStart(new Date("2026-11-22T19:00:00Z"))).toBe("2026-11-16"); // Sunday 23:00 in Dubai
  });
});

describe("one-tap contact links", () => {
  it("WhatsApp: international digits and the message encoded", () => {
    expect(whatsappHref({ phone_digits: "971501112222", phone: "+971 50 111 2222" }, "مرحبا Rula & co")).toBe(
      `https://wa.me/971501112222?text=${encodeURIComponent("مرحبا Rula & co")}`,
    );
    expect(whatsappHref({ phone_digits: null, phone: "00971 50 111 2222" }, "x")).toBe("https://wa.me/971501112222?text=x");
    expect(whatsappHref({ phone_digits: null, phone: "12" }, "x")).toBeNull();
  });

  it("tel: keeps the + and digits only; mailto: encodes the subject", () => {
    expect(telHref({ phone: "+971 (50) 111-2222" })).toBe("tel:+971501112222");
    expect(telHref({ phone: null })).toBeNull();
    expect(mailtoHref({ email: "rula@x.ae" }, "Your enquiry & demo")).toBe("mailto:rula@x.ae?subject=Your%20enquiry%20%26%20demo");
    expect(mailtoHref({ email: "" }, "x")).toBeNull();
  });
});

describe("readablePath", () => {
  it("decodes percent-escapes so an Arabic address reads as words", () => {
    expect(readablePath("/blog/%D9%85%D9%82%D8%A7%D9%84")).toBe("/blog/مقال");
    expect(readablePath("/en/blog/ai-for-brokers")).toBe("/en/blog/ai-for-brokers");
    expect(readablePath("")).toBe("");
  });
  it("keeps a malformed path as stored", () => {
    expect(readablePath("/blog/%E0%A4%A")).toBe("/blog/%E0%A4%A");
    expect(readablePath("/100%")).toBe("/100%");
  });
});
