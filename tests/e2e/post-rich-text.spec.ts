/**
 * The rich-text post editor end to end, in the Arabic admin: a marketer writes a post with a heading, a
 * list, a link and an inline image without touching HTML, previews it, saves it and finds it on the public
 * article; a paste from Google Docs arrives clean.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { makePng, signIn } from "./admin-helpers";
import { type Page } from "@playwright/test";
import { expectNoAxeViolations, serviceClient, watchConsole } from "./support";

const googleDocs = readFileSync("src/features/admin-posts/components/rich-text-editor/paste-fixtures/google-docs.html", "utf8");

test.describe("rich-text post editor (Arabic admin)", () => {
  test("write with the toolbar, preview, save and read it on the public article", async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const title = `دليل المتابعة السريعة ${Date.now()}`;
    await signIn(page);
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: "إنشاء مقال جديد" })).toBeVisible();

    await page.getByRole("textbox", { name: /^العنوان/ }).fill(title);
    await page.getByLabel("المقتطف").fill("كيف ترد على العملاء المحتملين قبل منافسيك.");

    const editor = page.getByRole("textbox", { name: "المحتوى" });
    const toolbar = page.getByRole("toolbar", { name: "المحتوى" });
    await editor.click();
    // A heading from the toolbar
    await toolbar.getByRole("button", { name: "عنوان", exact: true }).click();
    await page.keyboard.type("لماذا السرعة مهمة");
    await page.keyboard.press("Enter");
    await page.keyboard.type("المشتري يتواصل مع ثلاث وكالات في المتوسط.");
    await page.keyboard.press("Enter");
    // A bulleted list from the toolbar
    await toolbar.getByRole("button", { name: "قائمة نقطية" }).click();
    await page.keyboard.type("الرد خلال خمس دقائق");
    await page.keyboard.press("Enter");
    await page.keyboard.type("اقتراح موعدين للمعاينة");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // A link with the shortcut (Ctrl+K), through the dialog that checks the address
    await page.keyboard.type("للمزيد راجع ");
    await page.keyboard.press("Control+k");
    const linkDialog = page.getByRole("dialog", { name: "إضافة رابط" });
    await expect(linkDialog).toBeVisible();
    await expectNoAxeViolations(page);
    await linkDialog.getByLabel("عنوان الرابط").fill("javascript:alert(1)");
    await linkDialog.getByLabel("النص").fill("دائرة الأراضي والأملاك");
    await linkDialog.getByRole("button", { name: "تطبيق" }).click();
    await expect(linkDialog.getByText(/أدخل عنوانًا يبدأ/)).toBeVisible();
    await linkDialog.getByLabel("عنوان الرابط").fill("dubailand.gov.ae/ar/");
    await linkDialog.getByRole("button", { name: "تطبيق" }).click();
    await expect(linkDialog).toBeHidden();
    await page.keyboard.press("Enter");
    // An inline image, uploaded, with its required alt text
    await toolbar.getByRole("button", { name: "صورة", exact: true }).click();
    const imageDialog = page.getByRole("dialog", { name: "إضافة صورة" });
    await imageDialog.getByLabel(/^صورة/).setInputFiles({ name: "Viewing Chart.png", mimeType: "image/png", buffer: makePng(80, 45) });
    await imageDialog.getByRole("button", { name: "إدراج الصورة" }).click();
    await expect(imageDialog.getByText("صِف الصورة لمن لا يستطيع رؤيتها.")).toBeVisible();
    await imageDialog.getByLabel("النص البديل").fill("مخطط أوقات الرد");
    await imageDialog.getByRole("button", { name: "إدراج الصورة" }).click();
    await expect(imageDialog).toBeHidden();
    await expect(editor.getByRole("img", { name: "مخطط أوقات الرد" })).toBeVisible();
    // The caret is below the image: what is typed next goes after it and never replaces it
    await page.keyboard.type("بعد الصورة");
    await expect(editor.getByRole("img", { name: "مخطط أوقات الرد" })).toBeVisible();
    await expect(editor.locator("img + p")).toHaveText("بعد الصورة");

    // The preview renders with the public article's content component, right to left
    await page.getByRole("tab", { name: "معاينة" }).click();
    const preview = page.getByTestId("post-preview");
    await expect(preview).toHaveAttribute("dir", "rtl");
    await expect(preview.getByRole("heading", { level: 2, name: "لماذا السرعة مهمة" })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText(["الرد خلال خمس دقائق", "اقتراح موعدين للمعاينة"]);
    await expect(preview.getByRole("link", { name: "دائرة الأراضي والأملاك" })).toHaveAttribute("href", "https://dubailand.gov.ae/ar/");
    await expect(preview.getByRole("img", { name: "مخطط أوقات الرد" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("tab", { name: "كتابة" }).click();

    await page.getByLabel("الفئة").selectOption("Market Analysis");
    await page.getByLabel("الدولة").selectOption("UAE");
    await page.getByLabel("مدة القراءة").fill("٤ دقائق قراءة");
    await page.getByText("النشر الآن", { exact: true }).click();
    await page.getByRole("button", { name: "إنشاء المقال" }).click();
    await expect(page.getByText("تم إنشاء المقال بنجاح.").last()).toBeVisible();

    // What was stored: clean HTML, every block with its direction
    const { data: stored } = await serviceClient().from("blog_posts").select("id,slug,content").eq("title", title).single();
    try {
      const content = stored!.content as string;
      expect(content).toMatch(/^<h2 dir="auto">لماذا السرعة مهمة<\/h2><p dir="auto">المشتري يتواصل/);
      expect(content).toContain('<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li>');
      expect(content).toContain('<a href="https://dubailand.gov.ae/ar/"');
      expect(content).toMatch(
        /<img src="[^"]*\/storage\/v1\/object\/public\/blog-images\/\d+-viewing-chart\.png" alt="مخطط أوقات الرد" width="80" height="45"/,
      );
      expect(content).toMatch(/ height="45"[^>]*><p dir="auto">بعد الصورة<\/p>/);
      expect(content).not.toMatch(/style=|class=|<span/);

      // The public article shows it
      await page.goto(`/blog/${encodeURIComponent(stored!.slug)}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const article = page.locator(".article-content");
      await expect(article.getByRole("heading", { level: 2, name: "لماذا السرعة مهمة" })).toBeVisible();
      await expect(article.getByRole("listitem")).toHaveText(["الرد خلال خمس دقائق", "اقتراح موعدين للمعاينة"]);
      const link = article.getByRole("link", { name: "دائرة الأراضي والأملاك" });
      await expect(link).toHaveAttribute("href", "https://dubailand.gov.ae/ar/");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
      const img = article.getByRole("img", { name: "مخطط أوقات الرد" });
      await expect(img).toBeVisible();
      await expect(img).toHaveAttribute("width", "80");
      expect(problems).toEqual([]);
    } finally {
      await serviceClient().from("blog_posts").delete().eq("id", stored!.id);
    }
  });

  test("a paste from Google Docs arrives clean", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/posts/new");
    const editor = page.getByRole("textbox", { name: "المحتوى" });
    await editor.click();
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData("text/html", html);
      data.setData("text/plain", "Following up with Dubai buyers");
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, googleDocs);
    await expect(editor.getByRole("heading", { level: 2, name: "Following up with Dubai buyers" })).toBeVisible();
    // What the editor will save (Tiptap keeps itself on its element)
    const html = await editor.evaluate((el) => (el as HTMLElement & { editor: { getHTML(): string } }).editor.getHTML());
    expect(html).not.toMatch(/style=|class=|<span|<b[\s>]|docs-internal|google\.com\/url|<img/);
    // no empty paragraphs (the one the editor keeps at the end to type after a list is not saved)
    expect(html.replace(/(?:<p dir="auto"><\/p>)+$/, "")).not.toContain('<p dir="auto"></p>');
    expect(html).toContain("<strong>the first hour</strong>");
    expect(html).toContain("<em>speed</em>");
    expect(html).toContain('href="https://www.dubailand.gov.ae/en/"');
    await expect(editor.getByRole("listitem")).toHaveText(["الرد خلال خمس دقائق", "اقتراح موعد للمعاينة", "Call back"]);
    // Each block takes its direction from its own text
    await expect(editor.getByRole("heading", { level: 2, name: "ثلاث خطوات للمتابعة" })).toHaveAttribute("dir", "auto");
    expect(await editor.getByText("ثلاث خطوات للمتابعة").evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    expect(await editor.getByText(/Most leads go cold/).evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  });

  test("lists stored before read in their text's direction on the article, without being saved again", async ({ page }) => {
    const run = Date.now().toString(36);
    const slug = `قوائم-${run}`;
    // As the editor stores them: every block dir="auto" (the list and its items find no text of their own).
    const content = [
      '<p dir="auto">خطوات المتابعة:</p>',
      '<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li><li dir="auto"><p dir="auto">اقتراح موعدين للمعاينة</p></li></ul>',
      '<p dir="auto">In English:</p>',
      '<ol dir="auto"><li dir="auto"><p dir="auto">Reply within five minutes</p></li><li dir="auto"><p dir="auto">Offer two viewing slots</p></li></ol>',
    ].join("");
    const { error } = await serviceClient()
      .from("blog_posts")
      .insert({
        title: `قوائم بالعربية (${run})`,
        slug,
        excerpt: "قائمة عربية وقائمة إنجليزية.",
        content,
        category: "Sales",
        country: "UAE",
        read_time: "2 دقائق قراءة",
        published: true,
        language: "ar",
      });
    expect(error).toBeNull();
    try {
      await page.goto(`/blog/${encodeURIComponent(slug)}`);
      const items = await listMarkers(page, ".article-content li");
      expect(items).toEqual([
        { side: "right", textAt: "right", direction: "rtl" },
        { side: "right", textAt: "right", direction: "rtl" },
        { side: "left", textAt: "left", direction: "ltr" },
        { side: "left", textAt: "left", direction: "ltr" },
      ]);
    } finally {
      await serviceClient().from("blog_posts").delete().eq("slug", slug);
    }
  });
});

/**
 * Where each list item's marker sits: the list's padding on the marker's side sets the item's text off
 * from the list's edge (the bullet or number is drawn there), with the item's computed direction.
 */
async function listMarkers(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((items) =>
    items.map((li) => {
      const list = li.parentElement!.getBoundingClientRect();
      const item = li.getBoundingClientRect();
      const range = document.createRange();
      // The text itself (the item's paragraph is as wide as the item).
      range.selectNodeContents(document.createTreeWalker(li, NodeFilter.SHOW_TEXT).nextNode()!);
      const text = range.getBoundingClientRect();
      // The list's padding (where the marker is drawn) is on the side where the item is set in from the list.
      const side = list.right - item.right > 12 ? "right" : item.left - list.left > 12 ? "left" : "none";
      // And the text starts at the item's edge on that side, next to its marker.
      const textAt = Math.abs(item.right - text.right) < 4 ? "right" : Math.abs(text.left - item.left) < 4 ? "left" : "none";
      return { side, textAt, direction: getComputedStyle(li).direction };
    }),
  );
}
