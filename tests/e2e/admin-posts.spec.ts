import { expect, test } from "@playwright/test";
import { makePng, signIn } from "./admin-helpers";
import { anonClient, expectNoAxeViolations, serviceClient, watchConsole } from "./support";

test.describe("admin posts", () => {
  test("create a draft with an image, publish it, edit, unpublish and delete", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const title = `E2E market update ${Date.now()}`;
    await signIn(page);
    await expectNoAxeViolations(page);

    // --- create a draft with a hero image
    await page.getByRole("link", { name: "Manage Posts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Manage Posts" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "New Post" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();

    // every validation message of the post form
    await page.getByRole("button", { name: "Create Post" }).click();
    for (const text of [
      "Title is required",
      "Excerpt is required",
      "Content is required",
      "Category is required",
      "Country is required",
      "Read time is required",
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // a file that is not an image is refused before upload
    await page.getByTestId("hero-image-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    // shown once, under the field (not again as a toast)
    await expect(page.getByRole("alert").filter({ hasText: "Please select an image file." })).toBeVisible();
    await expect(page.getByText("Please select an image file.")).toHaveCount(1);

    await page.getByRole("textbox", { name: /^Title/ }).fill(title);
    await page.getByLabel("Excerpt").fill("What moved in the Dubai market this week.");
    await page.getByRole("textbox", { name: "Content" }).fill("Prices held steady in Dubai Marina.");
    await page.getByTestId("hero-image-input").setInputFiles({ name: "Hero Shot.png", mimeType: "image/png", buffer: makePng() });
    await expect(page.getByRole("img", { name: "Hero image preview" })).toBeVisible();
    await expect(page.getByText("Image uploaded successfully.")).toBeVisible();
    // with an image, its description is required
    await page.getByLabel("Image description (alt text)").fill("Dubai Marina towers at dusk");
    await page.getByLabel("Category").selectOption("Market Analysis");
    await page.getByLabel("Country").selectOption("UAE");
    await page.getByLabel("Read time").fill("4 min read");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Post created successfully.").last()).toBeVisible();
    await expect(page).toHaveURL(/\/en\/admin\/posts$/);

    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("Market Analysis");

    const { data: stored } = await serviceClient().from("blog_posts").select("*").eq("title", title).single();
    expect(stored).toMatchObject({
      published: false,
      slug: title.toLowerCase().replace(/ /g, "-"),
      category: "Market Analysis",
      country: "UAE",
    });
    expect(stored!.hero_image_url).toMatch(/\/storage\/v1\/object\/public\/blog-images\/\d+-hero-shot\.png$/);
    const image = await page.request.get(stored!.hero_image_url as string);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(image.headers()["cache-control"]).toContain("max-age=3600");
    // drafts are not public
    const { data: hidden } = await anonClient().from("blog_posts").select("id").eq("slug", stored!.slug);
    expect(hidden).toEqual([]);

    // --- publish it and see it on the public blog
    await row.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Title/ })).toHaveValue(title);
    await page.getByText("Publish now", { exact: true }).click();
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Post updated successfully.").last()).toBeVisible();
    await expect(row).toContainText("Published");
    const live = row.getByRole("link", { name: `View live: ${title}` });
    await expect(live).toHaveAttribute("href", `/en/blog/${stored!.slug}`);

    const pub = await page.context().newPage();
    await pub.goto(`/en/blog/${stored!.slug}`);
    await expect(pub.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(pub.getByText("Prices held steady in")).toBeVisible();
    await pub.close();

    // --- edit: the excerpt changes; leaving with unsaved changes asks first
    await row.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page.getByRole("link", { name: "View Live Post" })).toHaveAttribute("href", `/en/blog/${stored!.slug}`);
    await page.getByLabel("Excerpt").fill("An updated summary of the week.");
    await page.getByRole("link", { name: "Back to posts" }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await expectNoAxeViolations(page);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByLabel("Excerpt")).toHaveValue("An updated summary of the week.");

    // --- unpublish with Save as Draft (it only chooses Draft), then update
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByRole("radio", { name: "Draft" })).toBeChecked();
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page.getByText("Post updated successfully.").last()).toBeVisible();
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("An updated summary of the week.");
    const { data: after } = await serviceClient().from("blog_posts").select("published,excerpt,slug").eq("id", stored!.id).single();
    expect(after).toEqual({ published: false, excerpt: "An updated summary of the week.", slug: stored!.slug });

    // --- search, then delete with the confirmation dialog
    await page.getByRole("searchbox", { name: "Search posts" }).fill("no-such-post-anywhere");
    await expect(page.getByText("No posts match your search.")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search posts" }).fill(title.slice(0, 20));
    await row.getByRole("button", { name: `Delete: ${title}` }).click();
    const dialog = page.getByRole("alertdialog");
    // The title is a first-strong isolate (U+2068 … U+2069): an Arabic title keeps its place in the English question.
    await expect(dialog).toContainText(`Are you sure you want to delete "\u2068${title}\u2069"? This action cannot be undone.`);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await row.getByRole("button", { name: `Delete: ${title}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`"\u2068${title}\u2069" has been deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    const { data: gone } = await serviceClient().from("blog_posts").select("id").eq("id", stored!.id);
    expect(gone).toEqual([]);

    // the audit trail has the post changes, written by the database
    const { data: audit } = await serviceClient()
      .from("audit_events")
      .select("details")
      .eq("event_type", "blog_post")
      .contains("details", { postId: stored!.id });
    expect((audit ?? []).map((a) => (a.details as { actionType: string }).actionType)).toEqual(
      expect.arrayContaining(["created", "updated", "deleted"]),
    );

    expect(problems).toEqual([]);
  });

  test("Arabic titles get Arabic slugs, made unique", async ({ page }) => {
    await signIn(page);
    const title = `سوق دبي ${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      await page.goto("/admin/posts/new");
      await expect(page.getByRole("heading", { level: 1, name: "إنشاء مقال جديد" })).toBeVisible();
      await page.getByLabel("العنوان").fill(title);
      await page.getByLabel("المقتطف").fill("ملخص قصير");
      await page.getByRole("textbox", { name: "المحتوى" }).fill("نص المقال");
      await page.getByLabel("الفئة").selectOption("Real Estate");
      await page.getByLabel("الدولة").selectOption("UAE");
      await page.getByLabel("مدة القراءة").fill("3 دقائق");
      await page.getByRole("button", { name: "إنشاء المقال" }).click();
      await expect(page.getByText("تم إنشاء المقال بنجاح.")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/posts$/);
    }
    await expectNoAxeViolations(page);
    const { data } = await serviceClient().from("blog_posts").select("slug").eq("title", title).order("created_at");
    const base = title.replace(/ /g, "-");
    expect((data ?? []).map((r) => r.slug)).toEqual([base, `${base}-2`]);
    await serviceClient().from("blog_posts").delete().eq("title", title);
  });

  test("Save as Draft on a new post saves it and opens it at its edit address, saying so", async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page);
    const title = `مسودة ${Date.now()}`;
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: "إنشاء مقال جديد" })).toBeVisible();
    await page.getByLabel("العنوان").fill(title);
    await page.getByLabel("المقتطف").fill("ملخص قصير");
    await page.getByRole("textbox", { name: "المحتوى" }).fill("نص المقال");
    await page.getByLabel("الفئة").selectOption("Sales");
    await page.getByLabel("الدولة").selectOption("UAE");
    await page.getByLabel("مدة القراءة").fill("3 دقائق");
    await page.getByText("النشر الآن", { exact: true }).click();
    await page.getByRole("button", { name: "حفظ كمسودة" }).click();
    await expect(page.getByText("تم حفظ المسودة.").last()).toBeVisible();
    const { data: stored } = await serviceClient().from("blog_posts").select("id,published").eq("title", title).single();
    try {
      expect(stored!.published).toBe(false);
      await expect(page).toHaveURL(new RegExp(`/admin/posts/${stored!.id}/edit$`));
      await expect(page.getByRole("heading", { level: 1, name: "تعديل المقال" })).toBeVisible();
      await expect(page.getByLabel("العنوان")).toHaveValue(title);
      await expect(page.getByRole("radio", { name: "مسودة" })).toBeChecked();
      await expectNoAxeViolations(page);
      // Saving the draft again updates the same post and stays; nothing is left unsaved.
      await page.getByLabel("المقتطف").fill("ملخص أطول قليلًا");
      await page.getByRole("button", { name: "حفظ كمسودة" }).click();
      await expect(page.getByText("تم حفظ المسودة.")).not.toHaveCount(0);
      await expect
        .poll(async () => (await serviceClient().from("blog_posts").select("excerpt").eq("id", stored!.id).single()).data?.excerpt)
        .toBe("ملخص أطول قليلًا");
      await expect(page).toHaveURL(new RegExp(`/admin/posts/${stored!.id}/edit$`));
      await page.getByRole("link", { name: "العودة إلى المقالات" }).click();
      await expect(page).toHaveURL(/\/admin\/posts$/);
      expect((await serviceClient().from("blog_posts").select("id").eq("title", title)).data).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await serviceClient().from("blog_posts").delete().eq("id", stored!.id);
    }
  });
});
