import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Navbar } from "@/components/layout/navbar";
import { localeNames, localizePath } from "@/lib/i18n/locale";
import { defaultSiteConfig } from "@/lib/site-config";
import { onMobile } from "../../../.storybook/modes";
import { localeOf, otherLocale, translator } from "../../support/i18n";

const meta = {
  title: "Layout/Navbar",
  component: Navbar,
} satisfies Meta<typeof Navbar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The wordmark links home, the toggle names the other language and leads to the same page in it, the call button dials. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const other = otherLocale(context);
    const c = within(canvasElement);
    await expect(c.getByRole("link", { name: defaultSiteConfig.name[locale] })).toHaveAttribute("href", localizePath("/", locale));
    const toggle = c.getByRole("link", { name: t(msg`Switch language to ${localeNames[other]}`) });
    await expect(toggle).toHaveAttribute("href", localizePath("/", other));
    await expect(toggle).toHaveAttribute("hreflang", other);
    await expect(c.getByRole("link", { name: t(msg`Call us at ${defaultSiteConfig.phone}`) })).toHaveAttribute(
      "href",
      expect.stringMatching(/^tel:\+/),
    );
  },
};

/** On the blog list the toggle keeps the page and its filters, but not the search text (written in this language) nor the page number. */
export const OnBlogSearch: Story = {
  parameters: { route: "/blog?q=dubai&filter=popular&country=UAE&page=2" },
  play: async ({ canvasElement, ...context }) => {
    const other = otherLocale(context);
    const toggle = within(canvasElement).getByRole("link", { name: translator(context)(msg`Switch language to ${localeNames[other]}`) });
    await expect(toggle).toHaveAttribute("href", localizePath("/blog?filter=popular&country=UAE", other));
  },
};

/** On another page the toggle keeps the query and the hash. */
export const OnContactWithQuery: Story = {
  parameters: { route: "/contact?ref=newsletter#form" },
  play: async ({ canvasElement, ...context }) => {
    const other = otherLocale(context);
    const toggle = within(canvasElement).getByRole("link", { name: translator(context)(msg`Switch language to ${localeNames[other]}`) });
    await expect(toggle).toHaveAttribute("href", localizePath("/contact?ref=newsletter#form", other));
  },
};

export const Mobile: Story = {
  globals: onMobile,
};
