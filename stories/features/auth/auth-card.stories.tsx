import { Button, Input, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { AuthCard } from "@/features/auth/components/auth-card";
import { localeNames, localizePath } from "@/lib/i18n/locale";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { inLocale, localeOf, otherLocale, translator } from "../../support/i18n";

/**
 * The card of the sign-in and password pages: the language toggle first (a member may not read the
 * language the link opened in), the wordmark, the page's h1, a line under it, then the form. Sample
 * content in the story's language.
 */
const sample = {
  ar: { title: "مثال على بطاقة", intro: "سطر يشرح ما تفعله الصفحة.", field: "حقل", action: "متابعة" },
  en: { title: "Sample card", intro: "A line that says what the page does.", field: "Field", action: "Continue" },
};

const meta = {
  title: "Admin/Auth/AuthCard",
  component: AuthCard,
  args: { title: "", intro: "", children: null },
  parameters: { route: "/admin/login" },
  render: (_, context) => {
    const s = inLocale(context, sample);
    return (
      <Stack minH="100dvh" align="center" justify="center" px="4" py="10" bg="bg.muted">
        <AuthCard title={s.title} intro={s.intro}>
          <Stack gap="4">
            <Input aria-label={s.field} />
            <Button colorPalette="brand">{s.action}</Button>
          </Stack>
        </AuthCard>
      </Stack>
    );
  },
} satisfies Meta<typeof AuthCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The h1 is the page's title; the toggle leads to the same page in the other language and comes first in
 * Tab order, before the wordmark and the form.
 */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const s = inLocale(context, sample);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: s.title })).toBeVisible();
    await expect(c.getByText(s.intro)).toBeVisible();
    const other = otherLocale(context);
    const toggle = c.getByRole("link", { name: t(msg`Switch language to ${localeNames[other]}`) });
    await expect(toggle).toHaveAttribute("hreflang", other);
    await expect(toggle).toHaveAttribute("href", localizePath("/admin/login", other));
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    // Then the wordmark (a link home in the same language), then the form.
    await userEvent.tab();
    await expect(document.activeElement).toHaveAttribute("href", localizePath("/", localeOf(context)));
    await userEvent.tab();
    await expect(c.getByRole("textbox", { name: s.field })).toHaveFocus();
  },
};

/** On a 390 px phone the card takes the width less the page's padding, and nothing scrolls sideways. */
export const OnPhone: Story = {
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const s = inLocale(context, sample);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const button = within(canvasElement).getByRole("button", { name: s.action }).getBoundingClientRect();
    await expect(button.left).toBeGreaterThanOrEqual(0);
    await expect(button.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
