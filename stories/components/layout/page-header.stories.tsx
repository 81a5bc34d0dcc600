import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PageHeader } from "@/components/layout/page-header";
import { inLocale } from "../../support/i18n";

/** Sample page titles in the story's language (the blog's header); a title set in the controls replaces them. */
const samples = {
  ar: { title: "رؤى في مبيعات العقارات", description: "أدلة عملية حول متابعة العملاء المحتملين وأسواق العقارات في الإمارات وكندا." },
  en: {
    title: "Real-estate sales insights",
    description: "Practical guides on lead follow-up and the property markets of the UAE and Canada.",
  },
};

const meta = {
  title: "Layout/PageHeader",
  component: PageHeader,
  args: { title: "" },
  render: (args, context) => {
    const sample = inLocale(context, samples);
    return <PageHeader {...args} title={args.title || sample.title} description={args.description ?? sample.description} />;
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(inLocale(context, samples).title);
  },
};

/** A page with no description (the privacy policy). */
export const TitleOnly: Story = {
  render: (args, context) => (
    <PageHeader {...args} title={args.title || inLocale(context, { ar: "سياسة الخصوصية", en: "Privacy Policy" })} />
  ),
};
