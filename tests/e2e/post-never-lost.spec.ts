/**
 * Work is never lost in the post editor (docs/admin-posts.md#never-lost): a closed tab's changes come back,
 * an older revision is restored, and a save from a second tab based on an older version is refused with
 * a clear message (English and Arabic) instead of overwriting.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient, watchConsole } from "./support";

async function storedPost(title: string) {
  const { data, error } = await serviceClient()
    .from("blog_posts")
    .insert({
      slug: `never-lost-${randomUUID().slice(0, 8)}`,
      title,
      excerpt: "What moved in the Dubai market this week.",
      content: "<p>Prices held steady in Dubai Marina.</p>",
      category: "Market Analysis",
      country: "UAE",
      read_time: "4 min read",
      language: "en",
      published: false,
    })
    .select()
    .single();
  if (error) throw error;
  return data as { id: string; title: string; version: number };
}

test.describe("post editor: work is never lost", () => {
  test("a closed tab's changes come back; an older revision is restored", async ({ page, context }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const post = await storedPost(`Never lost ${Date.now()}`);
    const edit = `/en/admin/posts/${post.id}/edit`;
    await signIn(page, edit);
    const title = page.getByRole("textbox", { name: /^Title/ });
    await expect(title).toHaveValue(post.title);

    // Writing: the autosave says when it kept a copy (on the server, the post itself unchanged).
    await title.fill(`${post.title} (revised)`);
    await page.getByRole("textbox", { name: "Content" }).click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Rents in JVC rose 8%.");
    await expect(page.getByTestId("autosave-status")).toContainText(/Draft copy saved at/);
    expect((await serviceClient().from("blog_posts").select("title").eq("id", post.id).single()).data?.title).toBe(post.title);
    await expectNoAxeViolations(page);

    // The tab is closed in the middle of writing.
    await page.keyboard.type(" Villas led.");
    await page.close();

    const again = await context.newPage();
    const problemsAgain = watchConsole(again);
    await again.goto(edit);
    await expect(again.getByTestId("restored-draft")).toContainText("Your unsaved changes from");
    await expect(again.getByRole("textbox", { name: /^Title/ })).toHaveValue(`${post.title} (revised)`);
    // What was typed after the last autosave was kept on this device as the tab closed.
    await expect(again.getByRole("textbox", { name: "Content" })).toContainText("Rents in JVC rose 8%. Villas led.");
    await expectNoAxeViolations(again);

    // Saved: the copy is now the post (version 2), and a second save makes version 3.
    await again.getByRole("button", { name: "Save as Draft" }).click();
    await expect(again.getByText("Draft saved.").last()).toBeVisible();
    await expect(again.getByTestId("restored-draft")).toHaveCount(0);
    await again.getByRole("textbox", { name: /^Title/ }).fill(`${post.title} (third)`);
    await again.getByRole("button", { name: "Save as Draft" }).click();
    await expect(again.getByText("Draft saved.").last()).toBeVisible();
    const { data: v3 } = await serviceClient().from("blog_posts").select("title, version").eq("id", post.id).single();
    expect(v3).toEqual({ title: `${post.title} (third)`, version: 3 });

    // The history lists every save; the first one is put back into the editor and saved.
    await again.getByRole("button", { name: "Revision history" }).click();
    const dialog = again.getByRole("dialog", { name: "Revision history" });
    const items = dialog.getByTestId("revisions").getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("Current");
    await expect(items.nth(1)).toContainText(`by ${"admin"}`);
    await expectNoAxeViolations(again);
    await items
      .nth(2)
      .getByRole("button", { name: /^Restore the version of/ })
      .click();
    await expect(dialog).toBeHidden();
    await expect(again.getByRole("textbox", { name: /^Title/ })).toHaveValue(post.title);
    await expect(again.getByRole("textbox", { name: "Content" })).not.toContainText("Rents in JVC");
    await again.getByRole("button", { name: "Save as Draft" }).click();
    await expect(again.getByText("Draft saved.").last()).toBeVisible();
    const { data: v4 } = await serviceClient().from("blog_posts").select("title, content, version").eq("id", post.id).single();
    expect(v4).toMatchObject({ title: post.title, version: 4 });
    expect(v4!.content).not.toContain("Rents in JVC");
    expect([...problems, ...problemsAgain]).toEqual([]);
  });

  test("a new post's draft survives a closed tab on this device", async ({ page, context }) => {
    await signIn(page, "/en/admin/posts/new");
    await page.getByRole("textbox", { name: /^Title/ }).fill("Unsaved idea about Abu Dhabi rents");
    await expect(page.getByTestId("autosave-status")).toContainText("Draft copy saved on this device at");
    await page.close();
    const again = await context.newPage();
    await again.goto("/en/admin/posts/new");
    await expect(again.getByRole("textbox", { name: /^Title/ })).toHaveValue("Unsaved idea about Abu Dhabi rents");
    await again.getByRole("button", { name: "Discard them" }).click();
    await expect(again.getByRole("textbox", { name: /^Title/ })).toHaveValue("");
    await again.reload();
    await expect(again.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
    await expect(again.getByRole("textbox", { name: /^Title/ })).toHaveValue("");
  });

  test("a second tab's stale save is refused with a clear message, in English and in Arabic", async ({ page, context }) => {
    test.setTimeout(120_000);
    const post = await storedPost(`Two tabs ${Date.now()}`);
    await signIn(page, `/en/admin/posts/${post.id}/edit`);
    const second = await context.newPage();
    await second.goto(`/admin/posts/${post.id}/edit`);
    await expect(second.getByRole("textbox", { name: /^العنوان/ })).toHaveValue(post.title);

    // The first tab saves.
    await page.getByRole("textbox", { name: /^Title/ }).fill(`${post.title} from tab one`);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByText("Draft saved.").last()).toBeVisible();

    // The second (Arabic) tab, still on version 1, is refused.
    await second.getByRole("textbox", { name: /^العنوان/ }).fill(`${post.title} من التبويب الثاني`);
    await second.getByRole("button", { name: "حفظ كمسودة" }).click();
    const conflict = second.getByRole("alertdialog", { name: "تغيّر هذا المقال في مكان آخر" });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText("لم تُحفظ تغييراتك");
    await expect(conflict.getByRole("row").filter({ hasText: "العنوان" })).toContainText("from tab one");
    await expectNoAxeViolations(second);
    expect((await serviceClient().from("blog_posts").select("title").eq("id", post.id).single()).data?.title).toBe(
      `${post.title} from tab one`,
    );

    // The English tab sees the same refusal in English after the Arabic tab reloads and saves.
    await conflict.getByRole("button", { name: "حمّل النسخة المحفوظة" }).click();
    await expect(second.getByRole("textbox", { name: /^العنوان/ })).toHaveValue(`${post.title} from tab one`);
    await second.getByRole("textbox", { name: /^العنوان/ }).fill(`${post.title} بعد إعادة التحميل`);
    await second.getByRole("button", { name: "حفظ كمسودة" }).click();
    await expect(second.getByText("تم حفظ المسودة.").last()).toBeVisible();

    await page.getByRole("textbox", { name: /^Title/ }).fill(`${post.title} stale`);
    await page.getByRole("button", { name: "Save as Draft" }).click();
    const english = page.getByRole("alertdialog", { name: "This post was changed elsewhere" });
    await expect(english).toContainText("Your changes were not saved, so nothing of theirs was overwritten.");
    // Saving over it is a choice the writer makes.
    await english.getByRole("button", { name: "Save mine over it" }).click();
    await expect(page.getByText("Draft saved.").last()).toBeVisible();
    expect((await serviceClient().from("blog_posts").select("title").eq("id", post.id).single()).data?.title).toBe(`${post.title} stale`);
  });
});
