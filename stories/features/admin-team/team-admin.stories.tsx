import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { RemoveMemberDialog, TeamAdmin } from "@/features/admin-team/components/team-admin";
import { onMobile } from "../../../.storybook/modes";
import { translator } from "../../support/i18n";
import { OWNER_ID, sampleTeam } from "./fixtures";
import { expectFitsPhone } from "../../support/phone";

/**
 * Admin → Team in the admin's language: loading, failed, the list (the owner's own row fixed), a row
 * being changed, the removal dialog and its removing state.
 */
const meta = {
  title: "Admin/Team/TeamAdmin",
  component: TeamAdmin,
  args: {
    status: "ready",
    members: sampleTeam,
    currentUserId: OWNER_ID,
    onInvite: fn(),
    onChangeRole: fn(),
    onRemove: fn(),
    onReload: fn(),
  },
  parameters: { route: "/admin/team" },
} satisfies Meta<typeof TeamAdmin>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Four members, one invited; the owner's own row has no role menu and no Remove. */
export const Ready: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getAllByTestId("team-member")).toHaveLength(4);
    // One badge shows: in its column on a wide screen, under the email on a phone.
    await expect(c.getAllByText(t(msg`Invited`)).filter((el) => el.checkVisibility())).toHaveLength(1);
    let email = sampleTeam[0]!.email;
    await expect(c.queryByLabelText(t(msg`Role of ${email}`))).toBeNull();
    await expect(c.queryByRole("button", { name: t(msg`Remove ${email}`) })).toBeNull();
    email = sampleTeam[1]!.email;
    await userEvent.selectOptions(c.getByLabelText(t(msg`Role of ${email}`)), "sales");
    await expect(args.onChangeRole).toHaveBeenCalledWith(sampleTeam[1], "sales");
    email = sampleTeam[2]!.email;
    await userEvent.click(c.getByRole("button", { name: t(msg`Remove ${email}`) }));
    await expect(args.onRemove).toHaveBeenCalledWith(sampleTeam[2]);
    await userEvent.click(c.getByRole("button", { name: t(msg`Invite`) }));
    await expect(args.onInvite).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: "loading", members: [] },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status", { name: translator(context)(msg`Loading…`) })).toBeVisible();
  },
};

/** Refreshing a list already shown: the rows stay, the Refresh button spins. */
export const Refreshing: Story = { args: { status: "loading" } };

export const Failed: Story = {
  args: { status: "failed", members: [] },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("alert")).toHaveTextContent(t(msg`The team could not be loaded.`));
    await userEvent.click(c.getByRole("button", { name: t(msg`Try again`) }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};

/** A role change on its way: that row's menu and Remove are disabled. */
export const ChangingARole: Story = {
  args: { busyId: sampleTeam[1]!.user_id },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const email = sampleTeam[1]!.email;
    await expect(within(canvasElement).getByLabelText(t(msg`Role of ${email}`))).toBeDisabled();
    await expect(within(canvasElement).getByRole("button", { name: t(msg`Remove ${email}`) })).toBeDisabled();
  },
};

/** Only the owner: nobody else to change. */
export const OwnerAlone: Story = { args: { members: sampleTeam.slice(0, 1) } };

type RemoveStory = StoryObj<typeof RemoveMemberDialog>;

/** The removal confirmation names the member; Remove confirms. */
export const RemoveDialog: RemoveStory = {
  render: (args) => <RemoveMemberDialog {...args} />,
  args: { member: sampleTeam[2]!, onCancel: fn(), onConfirm: fn() },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const body = within(document.body);
    const dialog = await body.findByRole("alertdialog");
    await waitFor(() => expect(dialog).toBeVisible());
    const email = sampleTeam[2]!.email;
    await expect(dialog).toHaveTextContent(
      t(msg`Remove ${email} from the team? They lose access to the admin at once. You can invite them again later.`),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Remove`) }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Removing: RemoveStory = {
  render: (args) => <RemoveMemberDialog {...args} />,
  args: { member: sampleTeam[2]!, removing: true, onCancel: fn(), onConfirm: fn() },
};

/** A 390 px phone: email, status, role and Remove fit without scrolling sideways; the last sign-in is left out. */
export const Phone: Story = {
  globals: onMobile,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const email = sampleTeam[2]!.email;
    const remove = c.getByRole("button", { name: t(msg`Remove ${email}`) });
    await expect(remove).toBeVisible();
    await expect(c.getByLabelText(t(msg`Role of ${email}`))).toBeVisible();
    await expect(c.getAllByText(t(msg`Invited`)).filter((el) => el.checkVisibility())).toHaveLength(1);
    await expect(c.queryByRole("columnheader", { name: t(msg`Last sign-in`) })).toBeNull();
    // Nothing is cut off: the table and its buttons are inside the phone's width, and nothing scrolls sideways.
    const table = c.getByTestId("team-table");
    await expectFitsPhone(canvasElement, table, within(table).getAllByRole("button"));
    await userEvent.click(remove);
    await expect(args.onRemove).toHaveBeenCalledWith(sampleTeam[2]);
  },
};
