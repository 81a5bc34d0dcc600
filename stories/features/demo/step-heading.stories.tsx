import { Button, Stack } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { StepHeading } from "@/features/demo/components/step-heading";
import { inLocale } from "../../support/i18n";

/**
 * The heading of a demo step: the page's h1, focusable by script (the page moves the focus here when
 * the step changes, so screen readers announce it) but never a stop of the Tab order.
 */
const sample = {
  ar: { title: "جارٍ تحليل المكالمة", next: "متابعة" },
  en: { title: "Analysing the call", next: "Continue" },
};

const meta = {
  title: "Features/Demo/Parts/StepHeading",
  component: StepHeading,
  parameters: { route: "/demo", layout: "padded" },
  render: (args, context) => {
    const s = inLocale(context, sample);
    return (
      <Stack gap="4" align="start">
        <StepHeading {...args}>{s.title}</StepHeading>
        <Button colorPalette="brand">{s.next}</Button>
      </Stack>
    );
  },
} satisfies Meta<typeof StepHeading>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An h1 that takes the focus when the page gives it, and that Tab skips. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const s = inLocale(context, sample);
    const c = within(canvasElement);
    const heading = c.getByRole("heading", { level: 1, name: s.title });
    await expect(heading).toHaveAttribute("tabindex", "-1");
    heading.focus();
    await expect(heading).toHaveFocus();
    // From the heading, Tab goes on to the step's first control.
    await userEvent.tab();
    await expect(c.getByRole("button", { name: s.next })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(heading).not.toHaveFocus();
  },
};

/** A step can change its look (here a smaller, muted heading) without losing the h1 and the focus target. */
export const Restyled: Story = {
  args: { fontSize: "xl", color: "fg.muted" },
  play: async ({ canvasElement, ...context }) => {
    const heading = within(canvasElement).getByRole("heading", { level: 1, name: inLocale(context, sample).title });
    await expect(heading).toHaveAttribute("tabindex", "-1");
  },
};
