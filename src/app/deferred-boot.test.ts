import { beforeAll, describe, expect, it } from "vitest";
import { type BootOptions, bootScript } from "./deferred-boot";

// The boot script also sends the analytics page view (src/lib/analytics/beacon-source.ts). happy-dom's
// sendBeacon posts it for real to a server that is not there, and rejects a promise nobody holds: take it.
// The module it starts is not there either: happy-dom loads no script file, and need not say so.
beforeAll(() => {
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: () => true });
  const settings = (window as unknown as { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM?.settings;
  if (settings) settings.handleDisabledFileLoadingAsSuccess = true;
});

/** The boot script's arguments: [module, preloads, waitForPaint]. */
function argsOf(code: string): unknown[] {
  return JSON.parse(`[${/\}\)\((.*)\)$/.exec(code)?.[1] ?? ""}]`) as unknown[];
}

const islandsPage: BootOptions = {
  module: "/assets/entry-a.js",
  preloads: ["/assets/idle-b.js", "/assets/outbox-c.js"],
  waitForPaint: true,
};
const adminPage: BootOptions = { module: null, preloads: [], waitForPaint: false };

describe("bootScript", () => {
  it("is one expression: the boot function called with the module, its preloads and whether to wait for the paint", () => {
    expect(argsOf(bootScript(islandsPage))).toEqual(["/assets/entry-a.js", ["/assets/idle-b.js", "/assets/outbox-c.js"], true]);
    expect(argsOf(bootScript(adminPage))).toEqual([null, [], false]);
  });

  it("escapes markup in its arguments (it is inline in the page)", () => {
    const code = bootScript({ ...islandsPage, preloads: ["/assets/</script>-b.js"] });
    expect(code).not.toContain("</script>");
    expect(code).toContain("/assets/\\u003c/script>-b.js");
  });
});

describe("the boot script in a page", () => {
  function boot(visibility: "hidden" | "visible", options: BootOptions = islandsPage) {
    document.open();
    document.write("<!DOCTYPE html><html><head></head><body><main>Hello</main></body></html>");
    document.close();
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
    new Function(bootScript(options))();
  }

  const moduleScripts = () => [...document.querySelectorAll("script")].filter((s) => s.type === "module").map((s) => s.getAttribute("src"));
  const preloadLinks = () => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));

  it("starts the module and preloads its imports at once in a hidden tab (nothing to paint)", () => {
    boot("hidden");
    expect(moduleScripts()).toEqual(["/assets/entry-a.js"]);
    expect(preloadLinks()).toEqual(["/assets/idle-b.js", "/assets/outbox-c.js"]);
  });

  const liveModules = () => moduleScripts().length;

  it("waits for the first paint in a visible tab, and not at all when told so", () => {
    boot("visible");
    expect(liveModules()).toBe(0);
    expect(preloadLinks()).toEqual([]);
    boot("visible", { ...islandsPage, waitForPaint: false });
    expect(liveModules()).toBe(1);
  });

  it("adds no script on a page whose framework starts its own (the admin area)", () => {
    boot("visible", adminPage);
    expect(liveModules()).toBe(0);
    expect(preloadLinks()).toEqual([]);
  });

  it("holds a form submitted before hydration and submits it once, when the form is ready", async () => {
    boot("visible");
    document.body.insertAdjacentHTML(
      "beforeend",
      '<form data-js-form=""><input name="email" value="a@b.co"><button type="submit" name="go">Send</button></form><form id="plain"><button>Search</button></form>',
    );
    const form = document.querySelector<HTMLFormElement>("form[data-js-form]")!;
    const reached: (string | null)[] = [];
    // What React's handler would see: submissions that got past the boot script's guard.
    form.addEventListener("submit", (e) => {
      reached.push(e.defaultPrevented ? null : ((e as SubmitEvent).submitter?.getAttribute("name") ?? ""));
      e.preventDefault();
    });
    form.querySelector("button")!.click();
    form.querySelector("button")!.click();
    expect(reached).toEqual([null, null]);
    expect(liveModules()).toBe(1); // the scripts were asked for at once

    form.setAttribute("data-ready", "true");
    await new Promise((r) => setTimeout(r, 0));
    expect(reached).toEqual([null, null, "go"]);
    expect(form.hasAttribute("data-held-submit")).toBe(false);

    // Forms that work without JavaScript (the blog search) are left to the browser.
    const plain = document.querySelector<HTMLFormElement>("#plain")!;
    let prevented: boolean | undefined;
    plain.addEventListener("submit", (e) => {
      prevented = e.defaultPrevented;
      e.preventDefault();
    });
    plain.querySelector("button")!.click();
    expect(prevented).toBe(false);
  });

  it("holds a click on a JavaScript-only control until the page is hydrated, then clicks it once", async () => {
    boot("visible");
    document.documentElement.removeAttribute("data-hydrated");
    document.body.insertAdjacentHTML(
      "beforeend",
      '<button data-js-action="" id="book"><span>Book a Demo</span></button><button id="other">Other</button>',
    );
    const book = document.querySelector<HTMLButtonElement>("#book")!;
    const clicks: string[] = [];
    // What React's handler (on the root, bubbling) would see.
    document.body.addEventListener("click", (e) => clicks.push((e.target as Element).closest("button")!.id));
    book.querySelector("span")!.click();
    book.click();
    document.querySelector<HTMLButtonElement>("#other")!.click();
    expect(clicks).toEqual(["other"]);
    expect(liveModules()).toBe(1); // the scripts were asked for at once

    document.documentElement.setAttribute("data-hydrated", "");
    await new Promise((r) => setTimeout(r, 0));
    expect(clicks).toEqual(["other", "book"]);
    book.click(); // once hydrated, clicks go straight through
    expect(clicks).toEqual(["other", "book", "book"]);
    expect(book.hasAttribute("data-held-click")).toBe(false);
    document.documentElement.removeAttribute("data-hydrated");
  });

  it("holds a click inside an island until that island has hydrated (asking it to load), never on links and form controls", async () => {
    boot("visible");
    document.documentElement.setAttribute("data-hydrated", ""); // the islands loader runs; this island has not hydrated
    document.body.insertAdjacentHTML(
      "beforeend",
      '<div data-island="demo" id="island"><button type="button" id="start"><span>Start</span></button><a href="#x" id="link">Link</a><label id="label"><input type="checkbox"> Pick</label></div>',
    );
    const island = document.querySelector<HTMLElement>("#island")!;
    let wanted = 0;
    island.addEventListener("island-wanted", () => wanted++);
    const clicks: string[] = [];
    document.body.addEventListener("click", (e) => {
      clicks.push((e.target as Element).closest("[id]")!.id);
      e.preventDefault();
    });
    document.querySelector<HTMLElement>("#start span")!.click();
    document.querySelector<HTMLElement>("#link")!.click();
    document.querySelector<HTMLElement>("#label input")!.click();
    expect(clicks).toEqual(["link", "label"]);
    expect(wanted).toBe(1);
    expect(island.hasAttribute("data-held-click")).toBe(true);

    island.setAttribute("data-hydrated", "");
    await new Promise((r) => setTimeout(r, 0));
    expect(clicks).toEqual(["link", "label", "start"]);
    expect(island.hasAttribute("data-held-click")).toBe(false);
    document.documentElement.removeAttribute("data-hydrated");
  });
});
