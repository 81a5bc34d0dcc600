import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, watchConsole } from "./support";

const pages = ["/", "/blog", "/contact", "/privacy-policy", "/demo"];
const en = (p: string) => (p === "/" ? "/en" : `/en${p}`);

test.describe("language and direction", () => {
  test("Arabic is the default, right to left, server-rendered", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<h1[^>]*>.*[\u0600-\u06FF]/s);
    expect(html).toContain('hrefLang="en"');
    expect(html).toContain('hrefLang="x-default"');
  });

  test("English lives under /en, left to right", async ({ request }) => {
    const html = await (await request.get("/en")).text();
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/en"/);
  });

  for (const path of pages) {
    test(`the toggle switches ${path} to English and back, keeping the page`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await page
        .getByRole("banner")
        .getByRole("link", { name: /English/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`${en(path).replace(/\//g, "\\/")}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await expect(page.getByRole("banner").getByRole("link", { name: /العربية/ })).toBeVisible();
      await page
        .getByRole("banner")
        .getByRole("link", { name: /العربية/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/" : path}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      expect(problems).toEqual([]);
    });
  }

  test("every internal link on an English page carries /en", async ({ page }) => {
    for (const path of pages) {
      await page.goto(en(path));
      const hrefs = await page
        .locator('a[href^="/"]:not([hreflang="ar"])')
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const internal = hrefs.filter((h) => !h.startsWith("/storage/") && !h.endsWith(".xml"));
      expect(internal.length).toBeGreaterThan(0);
      expect(internal.filter((h) => h !== "/en" && !h.startsWith("/en/") && !h.startsWith("/en?") && !h.startsWith("/en#"))).toEqual([]);
    }
  });
});

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/en/no-such-page", "/blog/a/b/c"]) {
    test(`${path} answers 404 with the 404 page`, async ({ page, request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      await page.goto(path);
      const english = path.startsWith("/en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(english ? "Oops! Page not found" : "عذرًا! الصفحة غير موجودة");
      await expect(page.getByRole("main").getByRole("link")).toHaveAttribute("href", english ? "/en" : "/");
    });
  }
});

test("the navigation bar is keyboard-usable", async ({ page }) => {
  await page.goto("/en");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("banner").getByRole("link", { name: /العربية/ })).toBeFocused();
  await page.keyboard.press("Tab");
  const call = page.getByRole("banner").getByRole("link", { name: /Call us/ });
  await expect(call).toBeFocused();
  await expect(call).toHaveAttribute("href", /^tel:\+\d+$/);
  // Enter on the toggle switches language.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
});

test.describe("accessibility", () => {
  for (const path of [...pages, "/admin/login", "/no-such-page"]) {
    for (const url of [path, en(path)]) {
      test(`axe finds nothing on ${url}`, async ({ page }) => {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
      });
    }
  }
});
