/**
 * Valid HTML: the W3C Nu HTML checker (vnu.jar from the `vnu-jar` package, run by Java) over every public
 * page in both languages as the server sends it, the same pages' rendered DOM with the booking dialog
 * open (date picker, dial-code select), and every admin screen's rendered DOM after sign-in. Every
 * document is collected first, then one Java invocation checks them all (starting the JVM is the slow
 * part). Zero errors; warnings and info are not failures.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";
import { adminClient } from "./support";

const require = createRequire(import.meta.url);
const vnuJar: string = require("vnu-jar");

const run = Date.now().toString(36);
const slug = `nu-check-${run}`;
const arSlug = `فحص-${run}`;
let postId = "";

test.beforeAll(async () => {
  const admin = await adminClient();
  const { data, error } = await admin
    .from("blog_posts")
    .insert({
      slug,
      title: `Checked markup ${run}`,
      excerpt: "A post that exists so the article page and the editor can be checked.",
      content: '<h2>Heading</h2><p>Body with <strong>bold</strong> and <a href="https://example.org">a link</a>.</p><ul><li>One</li></ul>',
      category: "Real Estate",
      country: "UAE",
      read_time: "4 min read",
      is_popular: true,
      published: true,
      language: "en",
    })
    .select("id,translation_group")
    .single();
  if (error) throw error;
  postId = data.id as string;
  // Its Arabic translation, with a hero image and its alt text: every article head in both languages.
  const ar = await admin.from("blog_posts").insert({
    slug: arSlug,
    title: `صفحة مفحوصة ${run}`,
    excerpt: "مقال موجود ليُفحص ترميز صفحة المقال.",
    content: '<h2>عنوان</h2><p>نص فيه <strong>خط عريض</strong> و<a href="https://example.org">رابط</a>.</p>',
    category: "Real Estate",
    country: "UAE",
    read_time: "4 دقائق قراءة",
    published: true,
    language: "ar",
    translation_group: data.translation_group as string,
    hero_image_url: "/images/blog/uae-market-2025.png",
    hero_image_alt: "رسم لأفق مدينة دبي",
  });
  if (ar.error) throw ar.error;
});

test.afterAll(async () => {
  const admin = await adminClient();
  await admin.from("blog_posts").delete().in("slug", [slug, arSlug]);
});

const publicPaths = ["/", "/blog", "/contact", "/privacy-policy", "/demo", "/no-such-page"];
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

type Message = { type: string; subType?: string; url: string; message: string; extract?: string; lastLine?: number };

test("every page is valid HTML (W3C Nu checker)", async ({ page, request }) => {
  test.setTimeout(240_000);
  const dir = path.resolve(`.tmp/nu-check-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  const add = (label: string, html: string) => {
    const file = path.join(dir, `${files.size.toString().padStart(2, "0")}.html`);
    writeFileSync(file, html);
    files.set(file, label);
  };

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

  // vnu writes its JSON report to stderr.
  const out = spawnSync("java", ["-Xss8m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }).stderr;
  const report = JSON.parse(out || "{}") as { messages?: Message[] };
  // One line per page and message, with a count and the first place it occurs.
  const grouped = new Map<string, { count: number; extract: string }>();
  for (const m of report.messages ?? []) {
    if (m.type !== "error" && m.subType !== "fatal") continue;
    const file = decodeURIComponent(m.url.replace(/^file:/, ""));
    const key = `${files.get(file) ?? file}: ${m.message.replace(/“[^”]*_r_[^”]*”/g, "“…”")}`;
    const g = grouped.get(key) ?? { count: 0, extract: (m.extract ?? "").replace(/\s+/g, " ").slice(0, 140) };
    g.count++;
    grouped.set(key, g);
  }
  const errors = [...grouped].map(([key, g]) => `${key} ×${g.count} — ${g.extract}`);
  // One digit system: Western digits in the Arabic pages too (the catalog test holds the messages to it).
  const eastern = [...files]
    .filter(([, label]) => !/\/en(\/|$)/.test(label))
    .flatMap(([file, label]) => {
      const text = readFileSync(file, "utf8")
        .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, "")
        .replace(/<[^>]+>/g, " ");
      const m = /[^\s]{0,20}[\u0660-\u0669\u06F0-\u06F9][^\s]{0,20}/.exec(text);
      return m ? [`${label}: ${m[0]}`] : [];
    });
  expect(eastern, "Arabic-Indic digits on an Arabic page").toEqual([]);
  expect(report.messages, "the checker produced a report").toBeDefined();
  rmSync(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});
