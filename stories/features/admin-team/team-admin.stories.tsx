import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RemoveMemberDialog, TeamAdmin } from "@/features/admin-team/components/team-admin";
import { OWNER_ID, sampleTeam } from "./fixtures";

/** Admin → Team: loading, failed, the list (owner's own row fixed), a row being changed, the removal dialog. */
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

export const Ready: Story = {};

export const ReadyEnglish: Story = {
  globals: { locale: "en" },
  parameters: { route: "/en/admin/team" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getAllByTestId("team-member")).toHaveLength(4);
    await expect(c.getByText("Invited")).toBeVisible();
    // The owner's own row: no role menu, no Remove.
    await expect(c.queryByLabelText("Role of layla.haddad@wasla.ae")).toBeNull();
    await expect(c.queryByRole("button", { name: "Remove layla.haddad@wasla.ae" })).toBeNull();
    await userEvent.selectOptions(c.getByLabelText("Role of omar.farouk@wasla.ae"), "sales");
    await expect(args.onChangeRole).toHaveBeenCalledWith(sampleTeam[1], "sales");
    await userEvent.click(c.getByRole("button", { name: "Remove sara.mansouri@wasla.ae" }));
    await expect(args.onRemove).toHaveBeenCalledWith(sampleTeam[2]);
    await userEvent.click(c.getByRole("button", { name: "Invite" }));
    await expect(args.onInvite).toHaveBeenCalled();
  },
};

export const Loading: Story = { args: { status: "loading", members: [] } };

export const Failed: Story = { args: { status: "failed", members: [] } };

export const FailedEnglish: Story = { args: { status: "failed", members: [] }, globals: { locale: "en" } };

export const ChangingARole: Story = { args: { busyId: sampleTeam[1]!.user_id } };

type RemoveStory = StoryObj<typeof RemoveMemberDialog>;

export const RemoveDialog: RemoveStory = {
  render: (args) => <RemoveMemberDialog {...args} />,
  args: { member: sampleTeam[2]!, onCancel: fn(), onConfirm: fn() },
};

export const RemoveDialogEnglish: RemoveStory = {
  ...RemoveDialog,
  globals: { locale: "en" },
  play: async ({ args }) => {
    const body = within(document.body);
    await expect(await body.findByRole("alertdialog")).toBeVisible();
    await expect(body.getByText(/Remove sara.mansouri@wasla.ae from the team\?/)).toBeVisible();
    await userEvent.click(body.getByRole("button", { name: "Remove" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Removing: RemoveStory = { ...RemoveDialog, args: { member: sampleTeam[2]!, removing: true, onCancel: fn(), onConfirm: fn() } };
