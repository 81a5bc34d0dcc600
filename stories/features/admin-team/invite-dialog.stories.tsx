import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { InviteDialog } from "@/features/admin-team/components/invite-dialog";
import { localeOf, startingWith, translator } from "../../support/i18n";

/**
 * The invitation dialog in the admin's language (the invitation's language defaults to it): empty,
 * validation, sending, and each refusal the server can give.
 */
const meta = {
  title: "Admin/Team/InviteDialog",
  component: InviteDialog,
  args: { open: true, defaultLocale: "ar", onClose: fn(), onInvite: fn() },
  parameters: { route: "/admin/team" },
  render: (args, context) => <InviteDialog {...args} defaultLocale={localeOf(context)} />,
} satisfies Meta<typeof InviteDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = async () => {
  const dialog = await within(document.body).findByRole("dialog");
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};

/** Empty: the invitation goes out in the admin's language unless they pick the other. */
export const Open: Story = {
  play: async (context) => {
    const d = await dialogOf();
    await expect(d.getByLabelText(startingWith(translator(context)(msg`Language of the invitation`)))).toHaveValue(localeOf(context));
  },
};

/** Send with no email: the field says so; then a complete invitation, in the other language. */
export const Validation: Story = {
  play: async (context) => {
    const t = translator(context);
    const d = await dialogOf();
    await userEvent.click(d.getByRole("button", { name: t(msg`Send the invitation`) }));
    await expect(await d.findByText(t(msg`Email is required`))).toBeInTheDocument();
    await expect(context.args.onInvite).not.toHaveBeenCalled();
    await userEvent.type(d.getByLabelText(startingWith(t(msg`Email`))), "new.hire@wasla.ae");
    await userEvent.selectOptions(d.getByLabelText(startingWith(t(msg`Role`))), "sales");
    const other = localeOf(context) === "ar" ? "en" : "ar";
    await userEvent.selectOptions(d.getByLabelText(startingWith(t(msg`Language of the invitation`))), other);
    await userEvent.click(d.getByRole("button", { name: t(msg`Send the invitation`) }));
    await waitFor(() => expect(context.args.onInvite).toHaveBeenCalledWith({ email: "new.hire@wasla.ae", role: "sales", locale: other }));
  },
};

/** A malformed address. */
export const InvalidEmail: Story = {
  play: async (context) => {
    const t = translator(context);
    const d = await dialogOf();
    await userEvent.type(d.getByLabelText(startingWith(t(msg`Email`))), "not-an-email");
    await userEvent.click(d.getByRole("button", { name: t(msg`Send the invitation`) }));
    await expect(await d.findByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await expect(context.args.onInvite).not.toHaveBeenCalled();
  },
};

export const Sending: Story = { args: { sending: true } };

/** Refused: the address already belongs to a member. */
export const AlreadyMember: Story = {
  args: { error: "alreadyMember" },
  play: async (context) => {
    const d = await dialogOf();
    await expect(d.getByText(translator(context)(msg`This person is already a member of the team.`))).toBeVisible();
  },
};

export const RateLimited: Story = {
  args: { error: "rateLimited" },
  play: async (context) => {
    const d = await dialogOf();
    await expect(d.getByText(translator(context)(msg`Too many invitations. Please try again later.`))).toBeVisible();
  },
};

export const Offline: Story = { args: { error: "network" } };

export const NotAnOwner: Story = { args: { error: "forbidden" } };
