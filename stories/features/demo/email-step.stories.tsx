import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { EmailStep } from "@/features/demo/components/email-step";
import { DEFAULT_EMAIL_LINKS } from "@/features/demo/machines/demo-flow.machine";

const meta = {
  title: "Features/Demo/8 Email",
  component: EmailStep,
  args: { send: fn(), matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0, email: DEFAULT_EMAIL_LINKS },
  parameters: { route: "/demo" },
} satisfies Meta<typeof EmailStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("email-subject")).toHaveTextContent("Your curated property matches in Dubai");
    await expect(c.getByLabelText("Call link")).toHaveValue(DEFAULT_EMAIL_LINKS.callLink);
    await expect(c.getByLabelText("Viewing link")).toHaveValue(DEFAULT_EMAIL_LINKS.viewingLink);
  },
};
