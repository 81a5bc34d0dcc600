import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ResultsStep } from "@/features/demo/components/results-step";
import { translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/6 Results",
  component: ResultsStep,
  args: {
    send: fn(),
    matches: ["dubai-marina", "downtown-dubai", "business-bay"],
    phrase: 0,
    editing: null,
    submitted: false,
  },
  parameters: { route: "/demo" },
} satisfies Meta<typeof ResultsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Before the message is submitted: no Send Email. */
export const BeforeSubmit: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    // The message is there (its Submit button), the e-mail action is not yet.
    await expect(within(canvasElement).getByRole("button", { name: t(msg`Submit WhatsApp Message`) })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole("button", { name: t(msg`Send Email`) })).toBeNull();
  },
};

/** After the message is submitted: Send Email appears. */
export const AfterSubmit: Story = { args: { submitted: true } };

/** A row was chosen: the editing pointer is on it. */
export const EditingPointer: Story = { args: { editing: 1 } };

export const BeforeSubmitEnglish: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("cta-line")).toHaveTextContent("Looking forward to your thoughts!");
    await expect(c.getByTestId("whatsapp-message")).toHaveTextContent("AED 2,450,000");
    // A click (or tap) on a property chooses it; so do Enter and Space on the focused row.
    await userEvent.click(within(c.getAllByTestId("match-row")[2]!).getByRole("button"));
    await expect(args.send).toHaveBeenCalledWith({ type: "match.pick", index: 2 });
    within(c.getAllByTestId("match-row")[0]!).getByRole("button").focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.send).toHaveBeenCalledWith({ type: "match.pick", index: 0 });
    await expect(c.queryByRole("button", { name: /Send Email/ })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: /Submit WhatsApp Message/ }));
    await expect(args.send).toHaveBeenCalledWith({ type: "results.submit" });
  },
};

export const AfterSubmitEnglish: Story = {
  globals: { locale: "en" },
  args: { submitted: true, matches: ["jvc", "arabian-ranches-2", "business-bay"], phrase: 6 },
};
