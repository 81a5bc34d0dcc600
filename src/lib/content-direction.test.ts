// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import type { SanitizeFn } from "./sanitize";
import { serverSanitizer } from "./sanitize.server";
import { textDirection } from "./content-direction";

describe("textDirection", () => {
  it("reads the first strong letter; digits and punctuation are weak", () => {
    expect(textDirection("الرد خلال خمس دقائق")).toBe("rtl");
    expect(textDirection("Reply within five minutes")).toBe("ltr");
    expect(textDirection("5 - «الرد» first")).toBe("rtl");
    expect(textDirection("2026: Dubai دبي")).toBe("ltr");
    expect(textDirection("١٢٣ 123 — !")).toBeNull();
    expect(textDirection("שלום")).toBe("rtl");
    expect(textDirection("")).toBeNull();
  });
});

describe("rendering resolves the direction of lists, items and quotes (sanitiser)", () => {
  let clean: SanitizeFn;
  beforeAll(async () => {
    clean = await serverSanitizer();
  });
  const render = (html: string) => clean(html, { origin: "https://wasla.example" });

  it("an Arabic list the editor stored reads right to left, an English one left to right", () => {
    expect(render('<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li></ul>')).toBe(
      '<ul dir="rtl"><li dir="rtl"><p dir="auto">الرد خلال خمس دقائق</p></li></ul>',
    );
    expect(render('<ol dir="auto"><li dir="auto"><p dir="auto">Reply first</p></li></ol>')).toBe(
      '<ol dir="ltr"><li dir="ltr"><p dir="auto">Reply first</p></li></ol>',
    );
  });

  it("a mixed post keeps each block's own direction; the list follows its first item", () => {
    const html =
      '<p dir="auto">Intro</p><ul dir="auto"><li dir="auto"><p dir="auto"><strong>١.</strong> الرد</p></li><li dir="auto"><p dir="auto">WhatsApp first</p></li></ul><blockquote dir="auto"><p dir="auto">السرعة هي الخدمة</p></blockquote>';
    expect(render(html)).toBe(
      '<p dir="auto">Intro</p><ul dir="rtl"><li dir="rtl"><p dir="auto"><strong>١.</strong> الرد</p></li><li dir="ltr"><p dir="auto">WhatsApp first</p></li></ul><blockquote dir="rtl"><p dir="auto">السرعة هي الخدمة</p></blockquote>',
    );
  });

  it("nested lists resolve on their own; a forced block decides its container; forced containers stay", () => {
    expect(
      render(
        '<ul dir="auto"><li dir="auto"><p dir="auto">English</p><ul dir="auto"><li dir="auto"><p dir="auto">عربي</p></li></ul></li></ul>',
      ),
    ).toBe('<ul dir="ltr"><li dir="ltr"><p dir="auto">English</p><ul dir="rtl"><li dir="rtl"><p dir="auto">عربي</p></li></ul></li></ul>');
    expect(render('<ul dir="auto"><li dir="auto"><p dir="rtl">123 Dubai</p></li></ul>')).toBe(
      '<ul dir="rtl"><li dir="rtl"><p dir="rtl">123 Dubai</p></li></ul>',
    );
    expect(render('<ul dir="ltr"><li dir="auto"><p dir="auto">عربي</p></li></ul>')).toBe(
      '<ul dir="ltr"><li dir="rtl"><p dir="auto">عربي</p></li></ul>',
    );
  });

  it("leaves lists without dir (inherited) and lists with no letter alone", () => {
    expect(render("<ul><li>عربي</li></ul>")).toBe("<ul><li>عربي</li></ul>");
    expect(render('<ol dir="auto"><li dir="auto"><p dir="auto">2026</p></li></ol>')).toBe(
      '<ol dir="auto"><li dir="auto"><p dir="auto">2026</p></li></ol>',
    );
  });

  it("saving keeps dir=auto (the stored post follows its text when edited)", () => {
    const stored = '<ul dir="auto"><li dir="auto"><p dir="auto">الرد</p></li></ul>';
    expect(clean(stored, { responsive: false })).toBe(stored);
  });
});
