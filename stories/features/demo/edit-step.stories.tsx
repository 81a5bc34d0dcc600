import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { EditStep } from "@/features/demo/components/edit-step";
import { CTA_PHRASES } from "@/features/demo/content/listings";
import { translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/7 Edit",
  component: EditStep,
  args: { send: fn(), draft: { matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0 }, editing: null },
  parameters: { route: "/demo" },
} satisfies Meta<typeof EditStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/**
 * Opened after double-clicking the second property: its dropdown has the focus. The step moves the
 * focus in an effect after it mounts, which in Storybook can run after the play function starts.
 */
export const FromEditingPointer: Story = {
  args: { editing: 1 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByTestId("match-select-1")).toHaveFocus());
  },
};

/** Change a property and the closing line's options, then save: in the story's language. */
export const ChangeAndSave: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const phrase = c.getByTestId("phrase-select") as HTMLSelectElement;
    await expect(phrase.options).toHaveLength(CTA_PHRASES.length);
    await expect(phrase.options[0]!.text).toBe(t(CTA_PHRASES[0]!));
    const first = c.getByTestId("match-select-0") as HTMLSelectElement;
    await expect(first.options).toHaveLength(5);
    await userEvent.selectOptions(first, "jvc");
    await expect(args.send).toHaveBeenCalledWith({ type: "edit.match", index: 0, id: "jvc" });
    await userEvent.click(c.getByRole("button", { name: t(msg`Save Edits`) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "edit.save" });
  },
};
