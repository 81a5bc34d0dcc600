import { beforeAll, describe, expect, it } from "vitest";
import { BOOT_ID, HELD_MODULE_TYPE, deferHydration } from "./deferred-boot";
import { ISLANDS_BOOT_MARK } from "./hydration-marks";

// The boot script also sends the analytics page view (src/lib/analytics/beacon-source.ts). happy-dom's
// sendBeacon posts it for real to a server that is not there, and rejects a promise nobody holds: take it.
beforeAll(() => {
  Object.defineProperty(navigator, "sendBeacon", { configurable: true, value: () => true });
});

/** The module URLs the boot script will preload. */
function heldPreloads(html: string): string[] {
  const loader = new RegExp(`<script id="${BOOT_ID}">([^<]*)</script>`).exec(html);
  return [...(loader?.[1] ?? "").matchAll(/"(\/[^"]+?\.js)"/g)].flatMap((m) => m[1] ?? []);
}

/** The shape React Router 7's <Scripts /> gives a server-rendered document. */
const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/entry.client-a.js"/>',
  '<link rel="modulepreload" href="/assets/root-b.js"/>',
  '<link rel="stylesheet" href="/assets/root.css"/>',
  "</head><body><main>Hello</main>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import * as route0 from "/assets/root-b.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-a.js");</script>',
  "<script>window.__reactRouterContext.streamController.close();</script>",
  "</body></html>",
].join("");

describe("deferHydration", () => {
  const out = deferHydration(page);

  it("takes the module preloads out of the markup and hands them to the boot script", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(heldPreloads(out)).toEqual(["/assets/entry.client-a.js", "/assets/root-b.js"]);
  });

  it("holds the module script inert, with its code unchanged", () => {
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain(`<script type="${HELD_MODULE_TYPE}">import * as route0 from "/assets/root-b.js";`);
    expect(out).toContain('import("/assets/entry.client-a.js");</script>');
  });

  it("puts the boot script last in <body> and leaves everything else in place", () => {
    expect(out).toMatch(/<script id="boot-after-paint">[^<]+<\/script><\/body><\/html>$/);
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(out).toContain("<main>Hello</main>");
    expect(out.indexOf("streamController.close")).toBeLessThan(out.indexOf("boot-after-paint"));
  });

  it("leaves a document without React Router's module script alone", () => {
    const plain = "<!DOCTYPE html><html><head></head><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });

  it("escapes markup in the preload list", () => {
    const hostile = page.replace('/assets/root-b.js"/>', '/assets/</script>-b.js"/>');
    const out = deferHydration(hostile);
    const bootScript = out.slice(out.indexOf('<script id="boot-after-paint">'), out.lastIndexOf("</body>"));
    expect(bootScript.match(/<\/script>/g)).toHaveLength(1);
    expect(bootScript).toContain("/assets/\\u003c/script>-b.js");
  });
});

describe("the boot script in a page", () => {
  function boot(visibility: "hidden" | "visible", options?: { waitForPaint?: boolean }) {
    document.open();
    const markup = deferHydration(page, options).replace('<link rel="stylesheet" href="/assets/root.css"/>', "");
    document.write(markup.replace(/<script id="boot-after-paint">[^]*$/, ""));
    document.close();
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
    const code = /<script id="boot-after-paint">([^<]+)<\/script>/.exec(deferHydration(page, options))?.[1] ?? "";
    new Function(code)();
  }

  it("releases the modules at once in a hidden tab (nothing to paint)", () => {
    boot("hidden");
    const live = [...document.querySelectorAll("script")].filter((s) => s.type === "module");
    expect(live).toHaveLength(1);
    expect(live[0]?.textContent).toContain("__reactRouterRouteModules");
    expect([...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"))).toEqual([
      "/assets/entry.client-a.js",
      "/assets/root-b.js",
    ]);
  });

  const liveModules = () => [...document.querySelectorAll("script")].filter((s) => s.type === "module").length;

  it("waits for the first paint in a visible tab, and not at all when told so (admin)", () => {
    boot("visible");
    expect(liveModules()).toBe(0);
    boot("visible", { waitForPaint: false });
    expect(liveModules()).toBe(1);
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

describe("deferHydration of a page in islands mode", () => {
  const islands = [
    "<!DOCTYPE html><html><head></head><body><main>Hello</main>",
    '<script type="application/json" id="island-config">{"locale":"en"}</script>',
    '<link rel="modulepreload" href="/assets/entry-a.js"/><link rel="modulepreload" href="/assets/idle-b.js"/>',
    `<script type="module" async="">${ISLANDS_BOOT_MARK}import "/assets/entry-a.js";</script>`,
    "</body></html>",
  ].join("");
  const out = deferHydration(islands);

  it("holds the islands loader until the first paint, and its imports are preloaded then", () => {
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain(`<script type="${HELD_MODULE_TYPE}">${ISLANDS_BOOT_MARK}import "/assets/entry-a.js";</script>`);
    expect(heldPreloads(out)).toEqual(["/assets/entry-a.js", "/assets/idle-b.js"]);
    expect(out).toContain('<script type="application/json" id="island-config">{"locale":"en"}</script>');
  });

  it("leaves a module script it does not know alone", () => {
    const other = islands.replace(ISLANDS_BOOT_MARK, "");
    expect(deferHydration(other)).toBe(other);
  });
});
