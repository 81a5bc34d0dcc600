/**
 * Valid HTML: the W3C Nu HTML checker (vnu.jar from the `vnu-jar` package, run by Java) over every public
 * page in both languages as the server sends it, the same pages' rendered DOM with the booking dialog
 * open (date picker, dial-code select), and every admin screen's rendered DOM after sign-in. Every
 * document is collected first, then one Java invocation checks them all (starting the JVM is the slow
 * part). Zero errors; warnings and info are not failures.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { NuDocuments } from "./nu-checker";
import { adminClient, publishArticlePair } from "./support";

const run = Date.now().toString(36);
const slug = `nu-check-${run}`;
const arSlug = `فحص-${run}`;
let postId = "";

test.beforeAll(async () => {
  // The English post and its Arabic translation, with a hero image and its alt text: every article head in both languages.
  postId = await publishArticlePair(
    {
      slug,
      title: `Checked markup ${run}`,
      excerpt: "A post that exists so the article page and the editor can be checked.",
      is_popular: true,
    },
    { slug: arSlug, title: `صفحة مفحوصة ${run}`, excerpt: "مقال موجود ليُفحص ترميز صفحة المقال." },
  );
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [slug, arSlug]);
});

const publicPaths = ["/", "/blog", "/contact", "/book", "/privacy-policy", "/demo", "/no-such-page"];
// An article lives under its own language only: the English post and its Arabic translation.
const both = [...publicPaths.flatMap((p) => [p, p === "/" ? "/en" : `/en${p}`]), `/en/blog/${slug}`, `/blog/${encodeURIComponent(arSlug)}`];

/** The rendered DOM as a document (the checker needs the doctype). */
async function renderedDom(page: Page): Promise<string> {
  return `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), undefined, { timeout: 5000 })
    .catch(() => undefined);
}

test("every page is valid HTML (W3C Nu checker)", async ({ page, request }) => {
  test.setTimeout(240_000);
  const documents = new NuDocuments(path.resolve(`.tmp/nu-check-${process.pid}`));
  documents.reset();
  const add = (label: string, html: string) => documents.add(label, html);

  // As served: what crawlers and the first paint see.
  for (const p of both) {
    const res = await request.get(p);
    add(`served ${p}`, await res.text());
  }

  // Rendered, with the booking dialog open (its calendar and dial-code select exist only then).
  for (const [p, book, calendar] of [
    ["/", "احجز عرضًا تجريبيًا", "افتح التقويم"],
    ["/en", "Book a Demo", "Open the calendar"],
  ] as const) {
    await page.goto(p);
    const dialog = page.getByRole("dialog");
    // The first click may land before hydration has finished: retry until the dialog opens.
    await expect(async () => {
      await page.getByRole("button", { name: book, exact: true }).first().click();
      await expect(dialog).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await dialog.getByRole("button", { name: calendar }).click();
    await page.locator('[data-scope="date-picker"][data-part="table"]').first().waitFor();
    await settle(page);
    add(`rendered ${p} with the booking dialog`, await renderedDom(page));
  }
  for (const p of ["/demo", "/en/demo", `/blog/${encodeURIComponent(arSlug)}`, `/en/blog/${slug}`, "/en/contact", "/en/blog"]) {
    await page.goto(p);
    await settle(page);
    add(`rendered ${p}`, await renderedDom(page));
  }

  // Admin screens, rendered after sign-in (they are client-rendered behind the session).
  await page.goto("/en/admin/login");
  await settle(page);
  add("rendered /en/admin/login", await renderedDom(page));
  await page.goto("/admin/login");
  await settle(page);
  add("rendered /admin/login", await renderedDom(page));
  await signIn(page);
  for (const p of [
    "/en/admin",
    "/en/admin/posts",
    "/en/admin/posts/new",
    `/en/admin/posts/${postId}/edit`,
    "/en/admin/leads",
    "/admin",
    "/admin/posts/new",
    "/admin/leads",
  ]) {
    await page.goto(p);
    await page.getByRole("main").waitFor();
    await settle(page);
    add(`rendered ${p}`, await renderedDom(page));
  }

  // One digit system: Western digits in the Arabic pages too (the catalog test holds the messages to it).
  const eastern = [...documents.files]
    .filter(([, label]) => !/\/en(\/|$)/.test(label))
    .flatMap(([file, label]) => {
      const text = readFileSync(file, "utf8")
        .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
        .replace(/<[^>]+>/g, " ");
      const m = /[^\s]{0,20}[\u0660-\u0669\u06F0-\u06F9][^\s]{0,20}/.exec(text);
      return m ? [`${label}: ${m[0]}`] : [];
    });
  const { reported, errors } = documents.check();
  expect(eastern, "Arabic-Indic digits on an Arabic page").toEqual([]);
  expect(reported, "the checker produced a report").toBe(true);
  expect(errors).toEqual([]);
});
