import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { signIn } from "./admin-helpers";
import { expectNoAxeViolations, watchConsole } from "./support";

const ADMIN_PATHS = [
  "/admin",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/posts/00000000-0000-0000-0000-000000000000/edit",
  "/admin/leads",
];

test.describe("admin sign-in and guard", () => {
  for (const prefix of ["", "/en"]) {
    for (const path of ADMIN_PATHS) {
      test(`signed-out visit to ${prefix}${path} lands on the login page`, async ({ page }) => {
        await page.goto(`${prefix}${path}`);
        await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix}/admin/login\\?next=`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(prefix ? "Admin sign in" : "تسجيل دخول المشرف");
        // history was replaced: going back does not return to the protected page
        expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
      });
    }
  }

  test("admin pages are server-rendered as the spinner only, with noindex", async ({ request }) => {
    for (const path of ["/admin", "/en/admin/posts", "/en/admin/login"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
      expect(html).not.toContain("Total Posts");
    }
  });

  test("a wrong password shows the alert (both languages)", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/en/admin/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid login credentials");
    await expect(page).toHaveURL(/\/en\/admin\/login$/);
    await expectNoAxeViolations(page);

    await page.goto("/admin/login");
    await page.getByLabel("البريد الإلكتروني").fill(E2E_ADMIN.email);
    await page.getByLabel("كلمة المرور").fill("still-wrong");
    await page.getByRole("button", { name: "تسجيل الدخول" }).click();
    await expect(page.getByRole("alert")).toContainText("بيانات تسجيل الدخول غير صحيحة");
    await expectNoAxeViolations(page);
    // the 400 of the wrong password is the only console error we accept
    expect(problems.filter((p) => !/status of 400|status of 429/.test(p))).toEqual([]);
  });

  test("signing in returns to the page asked for, and signing out leaves the admin area", async ({ page }) => {
    await page.goto("/en/admin/leads");
    await expect(page).toHaveURL(/\/en\/admin\/login\?next=/);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/en\/admin\/leads$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByText(`Welcome, ${E2E_ADMIN.email}`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/en\/admin\/login/);
    await page.goto("/en/admin");
    await expect(page).toHaveURL(/\/en\/admin\/login\?next=/);
  });

  test("the Arabic dashboard is right-to-left and translated", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "لوحة التحكم" })).toBeVisible();
    await expect(page.getByText("إجمالي المقالات")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
