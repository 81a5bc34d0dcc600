/**
 * The details an Arabic-speaking visitor notices, checked in the browser: content text keeps its own
 * direction and the stored English values are translated (read time, category), the calendar speaks
 * the page's language with mirrored chevrons, icons are actually painted (computed styles), and a
 * broken hero image gives way to the placeholder.
 */
import { type Page, expect, test } from "@playwright/test";
import { adminClient, waitForHydration } from "./support";

const run = Date.now().toString(36);
const slug = `details-${run}`;
const title = `Dubai rents in ${run}: what changed.`;
const enSlug = `details-en-${run}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const admin = await adminClient();
  const post = {
    title,
    excerpt: "Prices rose again. Here is why.",
    content: "<p>Body.</p>",
    category: "Market Analysis",
    country: "UAE",
    read_time: "7 min read",
    is_popular: true,
    published: true,
    hero_image_url: `/no-such-image-${run}.png`,
    hero_image_alt: "Rents chart",
  };
  // An Arabic-blog post with an English title, and the same post on the English blog.
  const { error } = await admin.from("blog_posts").insert([
    { ...post, slug, language: "ar" },
    { ...post, slug: enSlug, language: "en" },
  ]);
  if (error) throw error;
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [slug, enSlug]);
});

async function hydrated(page: Page) {
  await waitForHydration(page);
}

for (const path of ["/", "/blog"]) {
  test(`an English post on the Arabic ${path} keeps its direction; category and read time are in Arabic`, async ({ page }) => {
    await page.goto(path);
    const card = page.locator("article").filter({ hasText: title }).first();
    await expect(card).toBeVisible();
    const heading = card.getByRole("heading", { name: title });
    await expect(heading).toHaveAttribute("dir", "auto");
    await expect(heading).toHaveAttribute("lang", "en");
    // The browser resolves dir=auto from the first strong letter: the title reads left to right.
    expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    await expect(card.getByText("تحليل السوق").first()).toBeVisible();
    await expect(card).not.toContainText("Market Analysis");
    await expect(card).not.toContainText("min read");
    await expect(card).toContainText("للقراءة");
  });
}

test("the hero check marks are painted (a stroke colour, not none)", async ({ page }) => {
  for (const path of ["/", "/en"]) {
    await page.goto(path);
    const strokes = await page
      .locator("main section, main > div")
      .first()
      .locator("ul li svg")
      .evaluateAll((svgs) => svgs.map((s) => getComputedStyle(s).stroke));
    expect(strokes).toHaveLength(3);
    for (const s of strokes) expect(s).not.toBe("none");
  }
});

test("the blog search magnifier is painted above the input", async ({ page }) => {
  await page.goto("/en/blog");
  const input = page.getByRole("searchbox");
  const icon = input.locator("xpath=preceding-sibling::*[1]");
  const [iconZ, inputZ, inputPos] = await Promise.all([
    icon.evaluate((el) => getComputedStyle(el).zIndex),
    input.evaluate((el) => getComputedStyle(el).zIndex),
    input.evaluate((el) => getComputedStyle(el).position),
  ]);
  const z = (v: string) => (v === "auto" ? 0 : Number(v));
  expect(inputPos === "static" || z(iconZ) > z(inputZ)).toBe(true);
});

test("a broken hero image shows the placeholder, not the broken-image icon", async ({ page }) => {
  for (const path of [`/en/blog/${enSlug}`, "/en/blog"]) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator(`img[src="/no-such-image-${run}.png"]`)).toHaveCount(0);
  }
  await expect(page.locator("article").filter({ hasText: title }).getByText("Market Analysis").first()).toBeVisible();
});

test("the Arabic calendar is labelled in Arabic with mirrored chevrons; the month button is named by its text", async ({ page }) => {
  for (const [path, open, prev] of [
    [`/blog/${slug}`, "افتح التقويم", "الشهر السابق"],
    [`/en/blog/${enSlug}`, "Open the calendar", "Previous month"],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    const prevButton = page.getByRole("button", { name: prev });
    // A click before hydration does nothing: retry until the calendar opens.
    await expect(async () => {
      await page.getByRole("button", { name: open }).first().click();
      await expect(prevButton).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const labels = await page
      .locator('[data-scope="date-picker"][data-part="table"][data-view="day"] [data-part="table-cell-trigger"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    expect(labels.length).toBeGreaterThan(27);
    // Not the date picker's built-in English ("Choose …", "Not available. …").
    for (const l of labels) expect(l).not.toMatch(/^Choose |^Not available\. |Switch to/);
    if (!path.startsWith("/en")) for (const l of labels) expect(l).toMatch(/[\u0600-\u06FF]/);
    const transform = await prevButton
      .locator("svg")
      .first()
      .evaluate((el) => getComputedStyle(el.closest("[aria-hidden]") ?? el).transform);
    if (!path.startsWith("/en")) expect(transform).toBe("matrix(-1, 0, 0, 1, 0, 0)");
    else expect(transform === "none" || transform === "matrix(1, 0, 0, 1, 0, 0)").toBe(true);
    const view = page.locator('[data-scope="date-picker"][data-part="view-trigger"]').first();
    const text = (await view.innerText()).trim();
    expect(text.length).toBeGreaterThan(3);
    await expect(view).toHaveAccessibleName(text);
  }
});
