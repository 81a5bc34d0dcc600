/**
 * The admin session is refreshed by one driver at a time: over hours of a signed-in tab, and when a
 * tab comes back from the background after its token expired, each refresh token is sent once. (Two
 * windows may send the same token at once, since supabase-js coordinates tabs without a lock: the
 * server takes it within its reuse interval; see tests/conformance/auth.test.ts.)
 */
import { type Page, expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";

function watchRefreshes(page: Page) {
  const sent: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/auth/v1/token") && req.url().includes("grant_type=refresh_token")) {
      const body = req.postDataJSON() as { refresh_token?: string } | null;
      sent.push(body?.refresh_token ?? "?");
    }
  });
  return sent;
}

async function setVisibility(page: Page, state: "hidden" | "visible") {
  await page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => s === "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

test("a signed-in tab refreshes its session once per token, never twice at once", async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  const sent = watchRefreshes(page);
  // Seventy minutes in 30-second steps (the client's own tick) with the tab visible: the one-hour
  // token is refreshed once, by one driver. (The browser's clock runs ahead of the server's here, so
  // longer runs would see every new token as already expired.)
  for (let i = 0; i < 140; i++) await page.clock.runFor(30_000);
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  expect(new Set(sent).size, `refresh tokens sent: ${sent.length}`).toBe(sent.length);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("a tab back from the background after its token expired refreshes once", async ({ page }) => {
  await page.clock.install();
  await signIn(page);
  const sent = watchRefreshes(page);
  await setVisibility(page, "hidden");
  await page.clock.fastForward("01:05:00");
  await setVisibility(page, "visible");
  for (let i = 0; i < 10; i++) await page.clock.runFor(30_000);
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  expect(new Set(sent).size, `refresh tokens sent: ${sent.join(", ")}`).toBe(sent.length);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
