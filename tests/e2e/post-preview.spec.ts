/**
 * Preview links (docs/admin-posts.md#preview): a shared link opens the draft as its article would look,
 * without signing in, is never cached or indexed, and stops working when turned off or expired.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient } from "./support";

test("a preview link opens the draft without signing in, and stops when turned off or expired", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `مسودة للمعاينة ${Date.now()}`;
  const { data: post, error } = await serviceClient()
    .from("blog_posts")
    .insert({
      slug: `preview-${randomUUID().slice(0, 8)}`,
      title,
      excerpt: "ملخص المسودة قبل النشر.",
      content: "<p>أسعار الإيجارات في دبي مارينا.</p>",
      category: "Market Analysis",
      country: "UAE",
      read_time: "4 min read",
      language: "ar",
      published: false,
    })
    .select()
    .single();
  if (error) throw error;

  await signIn(page, `/en/admin/posts/${post.id}/edit`);
  const links = page.getByTestId("preview-links");
  await links.getByRole("button", { name: "Share a preview link" }).click();
  const url = await links.getByLabel("New preview link").inputValue();
  expect(url).toMatch(/\/preview\/[0-9a-f]{64}$/);
  expect(new URL(url).pathname.startsWith("/en/")).toBe(false); // the post's language (Arabic) decides
  await expectNoAxeViolations(page);

  // A visitor with no account.
  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const first = await tab.goto(url);
  expect(first?.status()).toBe(200);
  expect(first?.headers()["cache-control"]).toBe("private, no-store");
  expect(first?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(tab.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(tab.getByTestId("preview-banner")).toContainText("معاينة مسودة");
  await expect(tab.locator("html")).toHaveAttribute("dir", "rtl");
  await expectNoAxeViolations(tab);
  // The English prefix goes to the post's language.
  const english = await tab.goto(url.replace("/preview/", "/en/preview/"));
  expect(new URL(english!.url()).pathname).toBe(new URL(url).pathname);
  // The public blog still does not have it.
  expect((await tab.goto(`/blog/${encodeURIComponent(post.slug)}`))?.status()).toBe(404);

  // Turned off: the same link answers 404 at once (nothing was cached).
  await links.getByRole("button", { name: /^Turn off the link that works until/ }).click();
  await expect(links.getByRole("button", { name: /^Turn off the link/ })).toHaveCount(0);
  const revoked = await tab.goto(url);
  expect(revoked?.status()).toBe(404);
  expect(revoked?.headers()["cache-control"]).toBe("private, no-store");
  await expect(tab.getByRole("heading", { level: 1, name: "رابط المعاينة هذا لم يعد يعمل" })).toBeVisible();

  // Expired: a new link works until its time has passed.
  await links.getByRole("button", { name: "Share a preview link" }).click();
  await expect(links.getByLabel("New preview link")).not.toHaveValue(url);
  const second = await links.getByLabel("New preview link").inputValue();
  expect((await tab.goto(second))?.status()).toBe(200);
  const { error: expireError } = await serviceClient()
    .from("post_preview_links")
    .update({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(), expires_at: new Date(Date.now() - 1000).toISOString() })
    .eq("post_id", post.id)
    .is("revoked_at", null);
  expect(expireError).toBeNull();
  expect((await tab.goto(second))?.status()).toBe(404);
  await visitor.close();
});
