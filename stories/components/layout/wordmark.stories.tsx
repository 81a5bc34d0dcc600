import { Box } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Wordmark } from "@/components/layout/wordmark";
import { LanguageToggle } from "@/components/layout/navbar";
import { localeNames, localizePath } from "@/lib/i18n/locale";
import { defaultSiteConfig } from "@/lib/site-config";
import { localeOf, otherLocale, translator } from "../../support/i18n";

const meta = {
  title: "Layout/Wordmark",
  component: Wordmark,
  decorators: [
    (Story, ctx) => (
      <Box p="6" bg={ctx.args.tone === "light" ? "bg.hero" : "bg"}>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof Wordmark>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The product name as written in the story's language, linking to that language's home page. */
export const Dark: Story = {
  play: async ({ canvasElement, ...context }) => {
    const locale = localeOf(context);
    await expect(within(canvasElement).getByRole("link", { name: defaultSiteConfig.name[locale] })).toHaveAttribute(
      "href",
      localizePath("/", locale),
    );
  },
};
export const LightOnHero: Story = { args: { tone: "light" } };
export const Unlinked: Story = { args: { linked: false } };

/** The language toggle alone: it names the other language in that language. */
export const LanguageToggleAlone: Story = {
  render: () => <LanguageToggle />,
  play: async ({ canvasElement, ...context }) => {
    const other = otherLocale(context);
    const link = within(canvasElement).getByRole("link", { name: translator(context)(msg`Switch language to ${localeNames[other]}`) });
    await expect(link).toHaveAttribute("hreflang", other);
    await expect(link).toHaveTextContent(localeNames[other]);
  },
};
