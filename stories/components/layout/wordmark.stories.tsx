import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Wordmark } from "@/components/layout/wordmark";
import { LanguageToggle } from "@/components/layout/navbar";

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

export const DarkArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "وصلة" })).toHaveAttribute("href", "/");
  },
};
export const DarkEnglish: Story = { globals: { locale: "en" } };
export const LightOnHero: Story = { globals: { locale: "ar" }, args: { tone: "light" } };
export const Unlinked: Story = { globals: { locale: "en" }, args: { linked: false } };

/** The language toggle alone: it names the other language in that language. */
export const LanguageToggleArabic: Story = {
  globals: { locale: "ar" },
  render: () => <LanguageToggle />,
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: /English/ });
    await expect(link).toHaveAttribute("hreflang", "en");
  },
};
export const LanguageToggleEnglish: Story = { globals: { locale: "en" }, render: () => <LanguageToggle /> };
