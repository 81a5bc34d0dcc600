import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ResultsStep } from "@/features/demo/components/results-step";
import { CTA_PHRASES, listingById } from "@/features/demo/content/listings";
import { intlLocale } from "@/lib/i18n/locale";
import { containing, localeOf, translator } from "../../support/i18n";

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

/** The message in the story's language (its closing line, prices in that language); rows are picked by click, tap, Enter or Space. */
export const PickingRows: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const aed = new Intl.NumberFormat(intlLocale[localeOf(context)], { style: "currency", currency: "AED", maximumFractionDigits: 0 });
    await expect(c.getByTestId("cta-line")).toHaveTextContent(t(CTA_PHRASES[0]!));
    // The matcher collapses the no-break space Intl puts between currency and amount: so does the expectation.
    await expect(c.getByTestId("whatsapp-message")).toHaveTextContent(aed.format(listingById("dubai-marina").price).replace(/\s+/g, " "));
    // A click (or tap) on a property chooses it; so do Enter and Space on the focused row.
    await userEvent.click(within(c.getAllByTestId("match-row")[2]!).getByRole("button"));
    await expect(args.send).toHaveBeenCalledWith({ type: "match.pick", index: 2 });
    within(c.getAllByTestId("match-row")[0]!).getByRole("button").focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.send).toHaveBeenCalledWith({ type: "match.pick", index: 0 });
    await expect(c.queryByRole("button", { name: containing(t(msg`Send Email`)) })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: containing(t(msg`Submit WhatsApp Message`)) }));
    await expect(args.send).toHaveBeenCalledWith({ type: "results.submit" });
  },
};

/** Other matches and another closing line, after submitting. */
export const AfterSubmitOtherMatches: Story = {
  args: { submitted: true, matches: ["jvc", "arabian-ranches-2", "business-bay"], phrase: 6 },
};
