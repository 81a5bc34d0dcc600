import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFound } from "@/components/layout/not-found";
import { localizePath } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

const meta = { title: "Layout/NotFound", component: NotFound } satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(t(msg`Oops! Page not found`));
    await expect(c.getByRole("link", { name: t(msg`Return to home`) })).toHaveAttribute("href", localizePath("/", localeOf(context)));
  },
};
