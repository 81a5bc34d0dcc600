/**
 * A marketer's bilingual publishing path in the Arabic admin (docs/admin-posts.md): a post with a
 * slug they chose, scheduled in Dubai time; a second post asking for the same slug is refused with a
 * clear message and nothing stored; "Translate" makes the linked English draft and opens it; the
 * table finds Canada posts by the Arabic label `كندا`, and on a 390 px phone keeps title and actions.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient, watchConsole } from "./support";

/** The Dubai wall time ("YYYY-MM-DDTHH:mm") two days from now at 09:30, and its instant (Dubai is UTC+4, no daylight saving). */
function dubaiTwoDaysAhead() {
  const d = new Date(Date.now() + 2 * 86_400_000 + 4 * 3_600_000);
  const day = d.toISOString().slice(0, 10);
  return { wall: `${day}T09:30`, instant: new Date(`${day}T05:30:00Z`).toISOString() };
}

test.describe("admin posts in two languages", () => {
  test("custom slug, schedule, slug collision, translate into English, search كندا, phone width", async ({ page }) => {
    test.setTimeout(150_000);
    const problems = watchConsole(page);
    const stamp = Date.now();
    const title = `سوق العقارات في تورونتو ${stamp}`;
    const slug = `toronto-${stamp}`;
    const when = dubaiTwoDaysAhead();
    const service = serviceClient();
    await signIn(page);

    // --- an Arabic post with a slug the marketer typed, scheduled in Dubai time
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: "إنشاء مقال جديد" })).toBeVisible();
    await page.getByRole("textbox", { name: /^العنوان/ }).fill(title);
    const slugBox = page.getByLabel("الرابط المختصر (slug)");
    await expect(slugBox).toHaveValue(`سوق-العقارات-في-تورونتو-${stamp}`);
    await slugBox.fill(slug);
    await page.getByLabel("المقتطف").fill("ما الذي يتغير للمستثمرين من الخليج.");
    await page.getByRole("textbox", { name: "المحتوى" }).fill("نص المقال");
    await page.getByLabel("الفئة").selectOption("Real Estate");
    await page.getByLabel("الدولة").selectOption("Canada");
    await page.getByLabel("مدة القراءة").fill("٧ دقائق");
    await page.getByLabel("عنوان محركات البحث").fill("سوق تورونتو للمستثمرين الخليجيين");
    await page.getByText("جدولة", { exact: true }).click();
    const schedule = page.getByLabel("النشر في");
    await expect(page.getByText(/المنطقة الزمنية: .*\(.*(٤|4)\)/)).toBeVisible();
    await schedule.fill(when.wall);
    await expect(page.getByTestId("publish-summary")).toContainText("مجدول للنشر في");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "إنشاء المقال" }).click();
    await expect(page.getByText("تم إنشاء المقال بنجاح.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/posts$/);

    const { data: stored } = await service.from("blog_posts").select("*").eq("title", title).single();
    expect(stored).toMatchObject({
      slug,
      language: "ar",
      published: true,
      country: "Canada",
      meta_title: "سوق تورونتو للمستثمرين الخليجيين",
    });
    expect(Date.parse(stored!.published_at!)).toBe(Date.parse(when.instant));
    const row = page.getByTestId("post-row").filter({ hasText: title });
    await expect(row).toContainText("مجدول");
    await expect(row).toContainText("غير مترجم");

    // --- another Arabic post asking for the same slug: a clear message, nothing stored
    await page.goto("/admin/posts/new");
    const other = `مقال آخر ${stamp}`;
    await page.getByRole("textbox", { name: /^العنوان/ }).fill(other);
    await page.getByLabel("الرابط المختصر (slug)").fill(slug);
    await page.getByLabel("المقتطف").fill("ملخص");
    await page.getByRole("textbox", { name: "المحتوى" }).fill("نص");
    await page.getByLabel("الفئة").selectOption("Sales");
    await page.getByLabel("الدولة").selectOption("UAE");
    await page.getByLabel("مدة القراءة").fill("٣ دقائق");
    await page.getByRole("button", { name: "إنشاء المقال" }).click();
    await expect(page.getByText("يستخدم مقال آخر باللغة العربية هذا الرابط. اختر رابطًا مختلفًا.")).toBeVisible();
    await expect(page.getByLabel("الرابط المختصر (slug)")).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    const { data: none } = await service.from("blog_posts").select("id").eq("title", other);
    expect(none).toEqual([]);
    // Leave without saving (the form is dirty).
    await page.goto("/admin/posts");

    // --- translate it into English: a linked draft opens in the editor
    await page
      .getByTestId("post-row")
      .filter({ hasText: title })
      .getByRole("link", { name: `تعديل: ${title}` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "تعديل المقال" })).toBeVisible();
    await expect(page.getByLabel("النشر في")).toHaveValue(when.wall);
    await page.getByRole("button", { name: "ترجمة إلى الإنجليزية" }).click();
    await expect(page.getByText("أُنشئت مسودة الترجمة.")).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/admin/posts/${stored!.id}/edit$`));
    await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
    const { data: english } = await service
      .from("blog_posts")
      .select("*")
      .eq("translation_group", stored!.translation_group)
      .eq("language", "en")
      .single();
    expect(english).toMatchObject({ published: false, published_at: null, category: "Real Estate", country: "Canada", title });
    expect(page.url()).toContain(`/admin/posts/${english!.id}/edit`);
    await expect(page.getByRole("combobox", { name: "اللغة" })).toHaveValue("en");
    const status = page.getByTestId("translation-status");
    await expect(status).toContainText("النسخة العربية");
    await expect(status.getByRole("link", { name: title })).toHaveAttribute("href", `/admin/posts/${stored!.id}/edit`);
    await expectNoAxeViolations(page);

    // --- the table: the Arabic label كندا finds the Canada posts; the address keeps the search
    const uae = `UAE only ${stamp}`;
    await service.from("blog_posts").insert({
      slug: `uae-${stamp}`,
      title: uae,
      excerpt: "e",
      content: "<p>c</p>",
      category: "Sales",
      country: "UAE",
      read_time: "3 min read",
      language: "en",
    });
    await page.goto("/admin/posts");
    await page.getByRole("searchbox", { name: "البحث في المقالات" }).fill("كندا");
    await expect(page).toHaveURL(/[?&]q=%D9%83%D9%86%D8%AF%D8%A7/);
    const rows = page.getByTestId("post-row");
    await expect(rows.filter({ hasText: title })).toHaveCount(2); // the Arabic post and its English draft
    await expect(rows.filter({ hasText: uae })).toHaveCount(0);
    for (const r of await rows.all()) await expect(r).toContainText("كندا");
    // Each of the pair shows the other as its translation.
    await expect(rows.filter({ hasText: title }).filter({ hasText: "غير مترجم" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "البحث في المقالات" })).toHaveValue("كندا");
    await expect(rows.filter({ hasText: uae })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // --- a 390 px phone: each row keeps its title, status and actions, and the table fits
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("combobox", { name: "الحالة" }).selectOption("scheduled");
    await expect(rows).toHaveCount(1);
    const first = rows.first();
    await expect(first.getByText(title)).toBeVisible();
    await expect(first.getByText("مجدول")).toBeVisible();
    await expect(first.getByRole("link", { name: `تعديل: ${title}` })).toBeVisible();
    await expect(first.getByRole("button", { name: `حذف: ${title}` })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const table = await page.getByTestId("posts-table").boundingBox();
    expect(table!.x).toBeGreaterThanOrEqual(0);
    expect(table!.x + table!.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await service.from("blog_posts").delete().in("id", [stored!.id, english!.id]);
    await service.from("blog_posts").delete().eq("title", uae);
    // The one refused insert (the slug collision) is the browser's only complaint.
    expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 409 (Conflict)"]);
  });

  test("a translation of a post whose address came from its title gets an address from its own title", async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const arabicTitle = `كيف ترد على عملاء بيوت خلال دقيقة ${stamp}`;
    const service = serviceClient();
    const { data: source, error } = await service
      .from("blog_posts")
      .insert({
        slug: `كيف-ترد-على-عملاء-بيوت-خلال-دقيقة-${stamp}`,
        title: arabicTitle,
        excerpt: "e",
        content: "<p>c</p>",
        category: "Sales",
        country: "UAE",
        read_time: "5 min read",
        language: "ar",
        published: true,
        published_at: new Date().toISOString(),
      })
      .select("id,translation_group")
      .single();
    expect(error).toBeNull();
    await signIn(page);
    await page.goto(`/admin/posts/${source!.id}/edit`);
    await page.getByRole("button", { name: "ترجمة إلى الإنجليزية" }).click();
    await expect(page.getByText("أُنشئت مسودة الترجمة.")).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/admin/posts/${source!.id}/edit$`));
    await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}\/edit$/);
    // The draft is on screen (its language, its title) before it is retitled: on a loaded machine the editor
    // could still be loading it, and would then show it over what was typed.
    await expect(page.getByRole("combobox", { name: "اللغة" })).toHaveValue("en");
    const titleField = page.getByRole("textbox", { name: /^العنوان/ });
    await expect(titleField).toHaveValue(arabicTitle);
    // The draft starts with the Arabic title and its address; retitled in English, the address follows.
    await titleField.fill(`How to answer Bayut leads within a minute ${stamp}`);
    await expect(page.getByLabel("الرابط المختصر (slug)")).toHaveValue(`how-to-answer-bayut-leads-within-a-minute-${stamp}`);
    await page.getByRole("button", { name: "تحديث المقال" }).click();
    await expect
      .poll(async () => {
        const { data } = await service
          .from("blog_posts")
          .select("slug")
          .eq("translation_group", source!.translation_group)
          .eq("language", "en")
          .single();
        return data?.slug;
      })
      .toBe(`how-to-answer-bayut-leads-within-a-minute-${stamp}`);
    await service.from("blog_posts").delete().eq("translation_group", source!.translation_group);
  });
});
