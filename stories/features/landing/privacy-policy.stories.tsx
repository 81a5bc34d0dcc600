import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PrivacyPolicyContent } from "@/features/landing/components/privacy-policy-content";
import { inLocale } from "../../support/i18n";

const meta = {
  title: "Features/Landing/PrivacyPolicy",
  component: PrivacyPolicyContent,
} satisfies Meta<typeof PrivacyPolicyContent>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("heading", { level: 2 })).toHaveLength(7);
    await expect(canvasElement.querySelector("time")).toHaveTextContent(inLocale(context, { ar: "أغسطس", en: "August" }));
  },
};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("August 25, 2025")).toBeInTheDocument();
  },
};
