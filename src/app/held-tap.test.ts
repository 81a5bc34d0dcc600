import { beforeEach, describe, expect, it } from "vitest";
import { HELD_TAP_SOURCE } from "./held-tap";

/** The functions exactly as the boot script has them (the same source text). */
const { actionable, pathOf, refind, replay } = new Function(
  `${HELD_TAP_SOURCE}; return { actionable: actionable, pathOf: pathOf, refind: refind, replay: replay };`,
)() as {
  replay: (el: HTMLElement) => void;
  actionable: (target: Element, scope: Element) => HTMLElement | null;
  pathOf: (el: HTMLElement, scope: Element) => { id: string; index: number };
  refind: (el: HTMLElement, path: { id: string; index: number }, scope: Element) => HTMLElement | null;
};

const island = () => document.querySelector<HTMLElement>("[data-island]")!;
const $ = (selector: string) => document.querySelector(selector)!;

const ISLAND = `
  <div data-island="x">
    <button id="calendar" type="button" data-part="trigger"><svg class="icon"><path d="M0 0"/></svg></button>
    <h3><button type="button" data-part="item-trigger"><span class="q">Question</span><span><svg class="chevron"><path/></svg></span></button></h3>
    <div role="tab" aria-selected="false"><b class="tab-text">Tab</b></div>
    <a href="/blog"><span class="link-text">Blog</span></a>
    <label><input type="radio" name="g" value="a"><span class="radio-text">A</span></label>
    <div class="plain"><span class="inner">text</span></div>
    <svg class="loose"><path/></svg>
  </div>`;

describe("the held tap's target (deferred-boot.ts)", () => {
  beforeEach(() => {
    document.body.innerHTML = ISLAND;
  });

  it("is the button around the icon the finger landed on, never the <svg>", () => {
    expect(actionable($("#calendar path"), island())).toBe($("#calendar"));
    expect(actionable($("svg.icon"), island())).toBe($("#calendar"));
    expect(actionable($("svg.chevron path"), island())).toBe($("[data-part=item-trigger]"));
    expect(actionable($(".q"), island())).toBe($("[data-part=item-trigger]"));
  });

  it("is the nearest actionable ancestor: a role, a link, a label", () => {
    expect(actionable($(".tab-text"), island())).toBe($("[role=tab]"));
    expect(actionable($(".link-text"), island())).toBe($("a[href]"));
    expect(actionable($(".radio-text"), island())).toBe($("label"));
    expect(actionable($("#calendar"), island())).toBe($("#calendar"));
  });

  it("is the nearest HTML element when nothing around is actionable, and never outside the island", () => {
    expect(actionable($(".inner"), island())).toBe($(".inner"));
    expect(actionable($("svg.loose path"), island())).toBe(island());
    document.body.innerHTML = `<button id="outside"><div data-island="y"><span class="in">x</span></div></button>`;
    expect(actionable($(".in"), island())).toBe($(".in"));
  });

  it("is found again by id, then by its position among the island's controls, when hydration replaced it", () => {
    const calendar = $("#calendar") as HTMLElement;
    const question = $("[data-part=item-trigger]") as HTMLElement;
    const calendarPath = pathOf(calendar, island());
    const questionPath = pathOf(question, island());
    expect(calendarPath).toEqual({ id: "calendar", index: 0 });
    expect(questionPath).toEqual({ id: "", index: 1 });
    expect(refind(calendar, calendarPath, island())).toBe(calendar);

    island().innerHTML = island().innerHTML; // the same markup, new elements
    expect(calendar.isConnected).toBe(false);
    expect(refind(calendar, calendarPath, island())).toBe($("#calendar"));
    expect(refind(question, questionPath, island())).toBe($("[data-part=item-trigger]"));
    expect(refind(question, questionPath, island())).not.toBe(question);
  });

  it("is nothing when a replaced element that was not a control cannot be found again", () => {
    const inner = $(".inner") as HTMLElement;
    const path = pathOf(inner, island());
    expect(path.index).toBe(-1);
    island().innerHTML = "";
    expect(refind(inner, path, island())).toBeNull();
  });
});

describe("the held tap's replay", () => {
  beforeEach(() => {
    document.body.innerHTML = `<div data-island="x"><button id="a" type="button">A</button><input id="other"></div>`;
  });

  const record = (el: HTMLElement) => {
    const events: string[] = [];
    for (const type of ["focusin", "focusout", "click"]) el.addEventListener(type, () => events.push(type));
    return events;
  };

  it("clicks the control once, giving it again the focus the tap gave it, so its code hears of it", () => {
    const a = $("#a") as HTMLElement;
    a.focus();
    const events = record(a);
    replay(a);
    expect(events).toEqual(["focusout", "focusin", "click"]);
    expect(document.activeElement).toBe(a);
  });

  it("focuses it when nothing has the focus, and leaves the focus alone when the visitor has moved on", () => {
    const a = $("#a") as HTMLElement;
    const events = record(a);
    replay(a);
    expect(events).toEqual(["focusin", "click"]);
    const other = $("#other") as HTMLElement;
    other.focus();
    events.length = 0;
    replay(a);
    expect(events).toEqual(["click"]);
    expect(document.activeElement).toBe(other);
  });
});
