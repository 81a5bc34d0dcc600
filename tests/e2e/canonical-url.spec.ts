/** One lowercase URL per page: other spellings answer 301 to it (and never render the wrong language). */
import { expect, test } from "@playwright/test";

const cases: [string, string][] = [
  ["/EN", "/en"],
  ["/BLOG", "/blog"],
  ["/Contact", "/contact"],
  ["/En/blog", "/en/blog"],
  ["/en/Privacy-Policy?x=1", "/en/privacy-policy?x=1"],
];

for (const [from, to] of cases) {
  test(`${from} answers 301 to ${to}`, async ({ request }) => {
    const r = await request.get(from, { maxRedirects: 0 });
    expect(r.status()).toBe(301);
    expect(r.headers().location).toBe(to);
  });
}

test("/En/blog ends on the English blog", async ({ page }) => {
  await page.goto("/En/blog");
  await expect(page).toHaveURL(/\/en\/blog$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
