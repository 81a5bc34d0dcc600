import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { WhatsAppMessage } from "@/features/demo/components/whatsapp-message";
import { CTA_PHRASES, listingById } from "@/features/demo/content/listings";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { translator } from "../../support/i18n";

/**
 * The follow-up message as the sample lead sees it in WhatsApp (the results step's preview, the
 * editing pointer of the edit step): read-only or with pickable rows, a row selected for editing, a
 * draft or sent, the default matches or edited ones with another closing line.
 */
const meta = {
  title: "Features/Demo/Parts/WhatsAppMessage",
  component: WhatsAppMessage,
  args: { matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0, editing: null, submitted: false },
  parameters: { route: "/demo", layout: "padded" },
} satisfies Meta<typeof WhatsAppMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) => within(canvasElement).getAllByTestId("match-row");

/** Without `onPick` the rows are plain text: three numbered properties, the closing line, "Draft". */
export const ReadOnlyDraft: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Sara (sample lead)`))).toBeVisible();
    await expect(c.getByRole("list")).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(3);
    await expect(rows(canvasElement)[0]).toHaveTextContent(t(listingById("dubai-marina").building));
    await expect(c.queryByRole("button")).toBeNull();
    await expect(c.getByTestId("cta-line")).toHaveTextContent(t(CTA_PHRASES[0]!));
    await expect(c.getByText(t(msg`Draft`))).toBeVisible();
    await expect(c.queryByText(t(msg`Sent`))).toBeNull();
  },
};

/** With `onPick` each row is a toggle button: a click, Enter and Space each pick the row. */
export const PickableRows: Story = {
  args: { onPick: fn() },
  play: async ({ canvasElement, args }) => {
    const buttons = rows(canvasElement).map((row) => within(row).getByRole("button"));
    await expect(buttons).toHaveLength(3);
    for (const button of buttons) await expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(buttons[2]!);
    await expect(args.onPick).toHaveBeenLastCalledWith(2);
    buttons[0]!.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPick).toHaveBeenLastCalledWith(0);
    await userEvent.tab();
    await expect(buttons[1]).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(args.onPick).toHaveBeenLastCalledWith(1);
    await expect(args.onPick).toHaveBeenCalledTimes(3);
  },
};

/** The second row is selected for editing: marked current, its button pressed, with a badge. */
export const RowSelectedForEditing: Story = {
  args: { onPick: fn(), editing: 1 },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const [first, second] = rows(canvasElement);
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(first).not.toHaveAttribute("aria-current");
    await expect(within(second!).getByRole("button")).toHaveAttribute("aria-pressed", "true");
    await expect(within(second!).getByText(t(msg`Selected for editing`))).toBeVisible();
    await expect(within(first!).queryByText(t(msg`Selected for editing`))).toBeNull();
  },
};

/** Submitted: the double tick and "Sent" replace "Draft". */
export const Sent: Story = {
  args: { submitted: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Sent`))).toBeVisible();
    await expect(c.queryByText(t(msg`Draft`))).toBeNull();
  },
};

/** Edited matches (a villa among them) and another closing line, as the edit step saves them. */
export const EditedMatches: Story = {
  args: { matches: ["jvc", "arabian-ranches-2", "business-bay"], phrase: 3, submitted: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const [first, second] = rows(canvasElement);
    await expect(first).toHaveTextContent(t(listingById("jvc").building));
    await expect(second).toHaveTextContent(t(listingById("arabian-ranches-2").building));
    const count = listingById("arabian-ranches-2").bedrooms;
    await expect(second).toHaveTextContent(t(msg({ message: plural(count, { one: "# bedroom", other: "# bedrooms" }) })));
    await expect(c.getByTestId("cta-line")).toHaveTextContent(t(CTA_PHRASES[3]!));
  },
};

/** On a 390 px phone the bubble and its rows fit the screen: nothing scrolls sideways. */
export const OnPhone: Story = {
  args: { onPick: fn(), editing: 0 },
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const bubble = within(canvasElement).getByTestId("whatsapp-message").getBoundingClientRect();
    await expect(bubble.left).toBeGreaterThanOrEqual(0);
    await expect(bubble.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
