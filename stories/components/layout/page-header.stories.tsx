import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PageHeader } from "@/components/layout/page-header";

const meta = { title: "Layout/PageHeader", component: PageHeader } satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Arabic: Story = {
  globals: { locale: "ar" },
  args: { title: "رؤى في مبيعات العقارات", description: "أدلة عملية حول متابعة العملاء المحتملين وأسواق العقارات في الإمارات وكندا." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("رؤى في مبيعات العقارات");
  },
};

export const English: Story = {
  globals: { locale: "en" },
  args: {
    title: "Real-estate sales insights",
    description: "Practical guides on lead follow-up and the property markets of the UAE and Canada.",
  },
};

export const TitleOnly: Story = {
  globals: { locale: "en" },
  args: { title: "Privacy Policy" },
};
