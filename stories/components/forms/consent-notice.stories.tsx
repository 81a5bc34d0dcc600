import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ConsentNotice } from "@/components/forms/consent-notice";

/** The consent statement under the lead and newsletter forms; it links to the privacy policy in the page's language. */
const meta = {
  title: "Components/Forms/ConsentNotice",
  component: ConsentNotice,
  args: { kind: "lead" },
} satisfies Meta<typeof ConsentNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

const linksToPolicy = async (canvasElement: HTMLElement, locale: string | undefined) => {
  const link = within(canvasElement).getByRole("link");
  await expect(link).toHaveAttribute("href", locale === "en" ? "/en/privacy-policy" : "/privacy-policy");
};

/** Under the sales-lead form (both directions from the toolbar; both locales in the story tests). */
export const Lead: Story = {
  play: async ({ canvasElement, globals }) => linksToPolicy(canvasElement, globals.locale as string | undefined),
};

/** Under the footer's newsletter form, on the dark footer colours. */
export const Newsletter: Story = {
  args: { kind: "newsletter", color: "whiteAlpha.800", linkColor: "white" },
  decorators: [
    (Story) => (
      <div style={{ background: "#0f2f2e", padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement, globals }) => linksToPolicy(canvasElement, globals.locale as string | undefined),
};
