/**
 * Interactions before hydration are exact (issue 29 item 4): a tap made on an island's control as early
 * as a person can (the page is painted, none of its scripts has run) is held by the boot script
 * (src/app/deferred-boot.ts) and replayed once the island has hydrated, on the control that was meant
 * (never on the icon inside it), exactly once; a choice made in a form before it hydrated is adopted with
 * its side effects (the lead form's "Other countries" switches the dial codes and the city list).
 *
 * Each case runs RUNS times in a loop on a fresh page: the scripts (all of them, or only the island's
 * code and the islands runtime, every other run) are held with `page.route` until the tap has been
 * made, so it is made before the island hydrates, then released.
 */
import { type Locator, type Page, expect, test } from "@playwright/test";
import { serviceClient, waitForIsland, watchConsole } from "./support";

const RUNS = Number(process.env.EARLY_TAP_RUNS ?? 10);

/**
 * Holds the page's scripts until `release()`; `arm(island)` holds them again for the next load: every
 * script (nothing has run: only the inline boot script), or with `island` only that island's code and
 * the islands runtime (the loader runs and asks for the island as soon as it is touched).
 */
async function scriptGate(page: Page) {
  let release = () => {};
  let held = Promise.resolve();
  let holds = /./;
  const arm = (island?: string) => {
    held = new Promise<void>((resolve) => (release = resolve));
    holds = island ? new RegExp(`/assets/(runtime|${island})-[\\w-]+\\.js$`) : /./;
  };
  arm();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (holds.test(new URL(route.request().url()).pathname)) await held;
    await route.continue().catch(() => undefined);
  });
  return { arm, release: () => release() };
}

/** The island holds a tap: nothing of it has hydrated yet. */
async function expectHeld(island: Locator) {
  await expect(island).toHaveAttribute("data-held-click", "");
  await expect(island).not.toHaveAttribute("data-hydrated", "");
}

/**
 * Loads `path` with its scripts held, makes the tap, checks it was held before hydration, releases the
 * scripts, waits for the island and checks the effect; `RUNS` times. Returns how many runs passed.
 */
async function everyRun(
  page: Page,
  path: string,
  islandName: string,
  tap: (page: Page) => Promise<void>,
  effect: (page: Page) => Promise<void>,
) {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const gate = await scriptGate(page);
  let passed = 0;
  for (let run = 0; run < RUNS; run++) {
    // Even runs: nothing has run yet. Odd runs: the islands loader runs, the island's code is on its way.
    gate.arm(run % 2 === 1 ? islandName : undefined);
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const island = page.locator(`[data-island="${islandName}"]`);
    await tap(page);
    await expectHeld(island);
    gate.release();
    await waitForIsland(page, islandName);
    await effect(page);
    await expect(island).not.toHaveAttribute("data-held-click", "");
    passed++;
  }
  console.log(`${islandName}: ${passed}/${RUNS}`);
  expect(passed).toBe(RUNS);
  expect(problems).toEqual([]);
}

test("the article's calendar button, tapped on its icon before the booking form hydrates, opens the calendar", async ({ page }) => {
  await everyRun(
    page,
    "/en/blog/uae-real-estate-market-trends-2025",
    "article-booking",
    async (p) => {
      // The icon fills the button: a finger lands on the <svg>.
      await p.getByRole("button", { name: "Open the calendar" }).locator("svg").click();
    },
    async (p) => {
      await expect(p.locator('[data-scope="date-picker"][data-part="content"]')).toBeVisible();
      await expect(p.getByRole("button", { name: "Open the calendar" })).toHaveAttribute("data-state", "open");
    },
  );
});

test.describe("landing sections", () => {
  // The carousel's arrows are shown on phones.
  test.use({ viewport: { width: 390, height: 844 } });

  test("a FAQ question tapped (on its chevron) before the FAQ hydrates opens its answer, once", async ({ page }) => {
    await everyRun(
      page,
      "/en",
      "faq",
      async (p) => {
        const question = p.locator('[data-island="faq"] button[data-part="item-trigger"]').first();
        await question.scrollIntoViewIfNeeded();
        await question.locator("svg").click();
      },
      async (p) => {
        await expect(p.locator('[data-island="faq"] button[data-part="item-trigger"]').first()).toHaveAttribute("aria-expanded", "true");
      },
    );
  });

  test("the benefits carousel's next arrow tapped before it hydrates moves to the second slide, once", async ({ page }) => {
    await everyRun(
      page,
      "/en",
      "benefits",
      async (p) => {
        const next = p.locator('[data-island="benefits"]').getByRole("button", { name: "Next slide" });
        await next.scrollIntoViewIfNeeded();
        await next.locator("svg").click();
      },
      async (p) => {
        const benefits = p.locator('[data-island="benefits"]');
        await expect(benefits.getByRole("button", { name: "Previous slide" })).toBeEnabled();
        // Exactly once: the second slide, not the third.
        await expect(benefits.getByRole("button", { name: "Next slide" })).toBeEnabled();
        await expect(benefits.locator('[aria-roledescription="slide"]').nth(1)).toBeInViewport({ ratio: 0.6 });
      },
    );
  });

  test("a blog teaser filter tapped before the teaser hydrates is applied", async ({ page }) => {
    await everyRun(
      page,
      "/en",
      "blog-teaser",
      async (p) => {
        const chips = p.locator('[data-island="blog-teaser"] [role="group"] button');
        const last = chips.last();
        await last.scrollIntoViewIfNeeded();
        await last.click();
      },
      async (p) => {
        await expect(p.locator('[data-island="blog-teaser"] [role="group"] button').last()).toHaveAttribute("aria-pressed", "true");
      },
    );
  });
});

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example.com`;

test("the lead form: Other countries chosen before hydration switches the dial codes and cities; a Toronto number is stored as +1", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const gate = await scriptGate(page);
  const db = serviceClient();
  let passed = 0;
  for (let run = 0; run < RUNS; run++) {
    // Runs 0, 1: nothing has run yet; runs 2, 3: the islands loader runs, the form's code is on its way; and so on.
    gate.arm(run % 4 >= 2 ? "sales-lead-form" : undefined);
    await page.goto("/en/contact", { waitUntil: "domcontentloaded" });
    const form = page.locator("main form");
    const email = unique(`early-${run}`);
    await form.getByText("Other countries", { exact: true }).click();
    await form.getByLabel("Full name").fill("Daniel Tremblay");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Phone number").fill("4165550123");
    await form.getByText("During office hours").click();
    // Every other run the visitor also sends before anything hydrated: the submission is held.
    const sendEarly = run % 2 === 1;
    if (sendEarly) {
      await form.getByRole("button", { name: "Request a call back" }).click();
      await expect(form).toHaveAttribute("data-held-submit", "");
    }
    await expect(page.locator('[data-island="sales-lead-form"]')).not.toHaveAttribute("data-hydrated", "");
    gate.release();
    if (!sendEarly) {
      await expect(form).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
      await expect(form.getByRole("radio", { name: "Other countries" })).toBeChecked();
      await expect(form.getByLabel("Country code")).toHaveValue("+1");
      await expect(form.getByLabel("Country (optional)").locator("option", { hasText: "Canada" })).toHaveCount(1);
      await expect(form.getByLabel("Country (optional)").locator("option", { hasText: "Dubai" })).toHaveCount(0);
      await form.getByRole("button", { name: "Request a call back" }).click();
    }
    await expect(page.getByText("Thank you for your interest!")).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const { data } = await db.from("form_submissions").select("payload").eq("form_type", "sales_lead").eq("payload->>email", email);
        return data?.[0]?.payload ?? null;
      })
      .toMatchObject({ countryCode: "+1", phoneNumber: "4165550123", phone: "+14165550123", country: "Others" });
    passed++;
  }
  console.log(`sales-lead-form: ${passed}/${RUNS}`);
  expect(passed).toBe(RUNS);
  expect(problems).toEqual([]);
});
