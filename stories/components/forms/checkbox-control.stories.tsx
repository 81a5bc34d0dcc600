import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Checkbox } from "@chakra-ui/react";
import { expect, fn, userEvent, within } from "storybook/test";
import { CheckboxControl } from "@/components/forms/checkbox-control";
import { translator } from "../../support/i18n";

interface BoxArgs {
  checked: boolean | "indeterminate";
  disabled?: boolean;
  onCheckedChange: (checked: boolean | "indeterminate") => void;
}

/**
 * The box and tick of the admin's checkboxes (the sales-copies form's here; the leads inbox's select
 * boxes have no visible label), inside Chakra's Checkbox.Root, in the story's language and direction.
 */
const meta = {
  title: "Components/Forms/CheckboxControl",
  component: CheckboxControl,
  args: { checked: false, onCheckedChange: fn() },
  render: (args, context) => (
    <Checkbox.Root checked={args.checked} disabled={args.disabled} onCheckedChange={(e) => args.onCheckedChange(e.checked)}>
      <Checkbox.HiddenInput />
      <CheckboxControl />
      <Checkbox.Label>{translator(context)(msg`Copy them on assignment and overdue emails too`)}</Checkbox.Label>
    </Checkbox.Root>
  ),
  parameters: { route: "/admin/team" },
} satisfies Meta<BoxArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvasElement: HTMLElement, context: Parameters<typeof translator>[0]) =>
  within(canvasElement).getByRole("checkbox", { name: translator(context)(msg`Copy them on assignment and overdue emails too`) });

/** Not ticked: the label (a <label>, holding only a span) ticks it. */
export const Unchecked: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const input = box(canvasElement, context);
    await expect(input).not.toBeChecked();
    await expect(canvasElement.querySelector("label [data-part='control']")?.tagName).toBe("SPAN");
    await userEvent.click(within(canvasElement).getByText(translator(context)(msg`Copy them on assignment and overdue emails too`)));
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

/** Ticked. */
export const Checked: Story = {
  args: { checked: true },
  play: async ({ canvasElement, ...context }) => {
    await expect(box(canvasElement, context)).toBeChecked();
  },
};

/** Some of a page's rows selected (the leads inbox's select-all box): the box shows a dash. */
export const Indeterminate: Story = {
  args: { checked: "indeterminate" },
  play: async ({ canvasElement }) => {
    const control = canvasElement.querySelector("[data-part='control']");
    await expect(control).toHaveAttribute("data-state", "indeterminate");
    await expect(control?.querySelector("svg")).toBeVisible();
  },
};

/** Disabled (the form while its settings load): clicking does nothing. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args, ...context }) => {
    const input = box(canvasElement, context);
    await expect(input).toBeDisabled();
    await userEvent.click(input, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
