import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PrivacyPolicyContent } from "@/features/landing/components/privacy-policy-content";
import { intlLocale } from "@/lib/i18n/locale";
import { localeOf } from "../../support/i18n";

const meta = {
  title: "Features/Landing/PrivacyPolicy",
  component: PrivacyPolicyContent,
} satisfies Meta<typeof PrivacyPolicyContent>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Seven sections; the last-updated date (27 November 2026) is written in the page's language. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    await expect(c.getAllByRole("heading", { level: 2 })).toHaveLength(7);
    const updated = new Intl.DateTimeFormat(intlLocale[localeOf(context)], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(canvasElement.querySelector("time")).toHaveTextContent(updated.format(new Date("2026-11-27T00:00:00Z")));
  },
};
