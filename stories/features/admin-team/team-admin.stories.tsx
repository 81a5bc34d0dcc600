import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ChangeRoleDialog, RemoveMemberDialog, TeamAdmin } from "@/features/admin-team/components/team-admin";
import { onMobile } from "../../../.storybook/modes";
import { translator } from "../../support/i18n";
import { OWNER_ID, sampleMarkets, sampleTeam } from "./fixtures";
import { SalesCopiesForm } from "@/features/admin-team/components/sales-copies-form";
import { localeOf } from "../../support/i18n";
import { expectFitsPhone, expectWrapsOnlyAfter } from "../../support/phone";

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
    markets: sampleMarkets,
    onChangeMarkets: fn(),
    onChangeAway: fn(),
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

type RoleStory = StoryObj<typeof ChangeRoleDialog>;

/**
 * A role changes only once confirmed (the select may slip): the dialog names the member, the old and the new
 * role and what it allows; Cancel has the focus and changes nothing.
 */
export const ChangeRoleToOwner: RoleStory = {
  render: (args) => <ChangeRoleDialog {...args} />,
  args: { change: { member: sampleTeam[2]!, role: "owner" }, onCancel: fn(), onConfirm: fn() },
  play: async ({ args, ...context }) => {
    const t = translator(context);
    const dialog = await within(document.body).findByRole("alertdialog");
    await waitFor(() => expect(dialog).toBeVisible());
    const email = sampleTeam[2]!.email;
    const to = t(msg`Owner`);
    const from = t(msg`Sales`);
    const can = t(msg`everything, and manages the team`);
    await expect(dialog).toHaveTextContent(
      t(msg`Make ${email} ${to} instead of ${from}? ${to}: ${can}. The change applies at their next page load.`),
    );
    await expect(within(dialog).getByRole("button", { name: t(msg`Cancel`) })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const ChangingTheRole: RoleStory = {
  render: (args) => <ChangeRoleDialog {...args} />,
  args: { change: { member: sampleTeam[1]!, role: "sales" }, pending: true, onCancel: fn(), onConfirm: fn() },
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
    // Addresses wrap after "@" or a dot, never mid-word; the whole address is the title.
    for (const el of within(table).getAllByTestId("email-text")) {
      await expect(el).toHaveAttribute("title", el.textContent);
      await expectWrapsOnlyAfter(el, "@.");
    }
    await userEvent.click(remove);
    await expect(args.onRemove).toHaveBeenCalledWith(sampleTeam[2]);
  },
};

const marketName = (id: string, locale: "ar" | "en") => {
  const m = sampleMarkets.find((x) => x.id === id)!;
  return locale === "ar" ? m.name_ar : m.name_en;
};

/** A sales member of every market leaves Canada: only the UAE is left. */
export const MarketsNarrowed: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const sara = sampleTeam[2]!;
    const email = sara.email;
    const group = within(c.getByRole("group", { name: t(msg`Markets of ${email}`) }));
    await expect(group.getByText(t(msg`Every market`))).toBeInTheDocument();
    await userEvent.click(group.getByText(marketName("canada", locale)));
    await expect(args.onChangeMarkets).toHaveBeenCalledWith(sara, ["uae"]);
  },
};

/** A sales member of Canada only joins the UAE too: every market again (null). */
export const MarketsWidened: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const c = within(canvasElement);
    const daniel = sampleTeam[3]!;
    const email = daniel.email;
    const group = within(c.getByRole("group", { name: t(msg`Markets of ${email}`) }));
    await expect(group.queryByText(t(msg`Every market`))).toBeNull();
    // The last market cannot be taken away.
    await expect(group.getByRole("checkbox", { name: marketName("canada", locale) })).toBeDisabled();
    await userEvent.click(group.getByText(marketName("uae", locale)));
    await expect(args.onChangeMarkets).toHaveBeenCalledWith(daniel, null);
  },
};

/** A sales member is marked away, and shown so. */
export const Away: Story = {
  args: { members: sampleTeam.map((m, i) => (i === 2 ? { ...m, away: true } : m)) },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getAllByText(t(msg`Away`)).length).toBeGreaterThan(0);
    const email = sampleTeam[3]!.email;
    await userEvent.click(c.getByLabelText(t(msg`${email} is away`)));
    await expect(args.onChangeAway).toHaveBeenCalledWith(sampleTeam[3], true);
  },
};

/** The owner's copy recipients: an invalid address is refused, a valid list is saved. */
export const CopyRecipients: StoryObj<typeof SalesCopiesForm> = {
  render: (args) => <SalesCopiesForm {...args} />,
  args: { value: { recipients: ["desk@wasla.ae"], includeEnvDefault: true, copyAssignments: false }, onSave: fn() },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const box = c.getByLabelText(t(msg`Addresses (separated by commas)`));
    await userEvent.clear(box);
    await userEvent.type(box, "boss@wasla.ae, nope");
    await userEvent.click(c.getByRole("button", { name: t(msg`Save the copies`) }));
    await expect(args.onSave).not.toHaveBeenCalled();
    const invalid = "nope";
    await expect(c.getByText(t(msg`Not an email address: ${invalid}`))).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, "Boss@wasla.ae, desk@wasla.ae");
    await userEvent.click(c.getByRole("button", { name: t(msg`Save the copies`) }));
    await expect(args.onSave).toHaveBeenCalledWith({
      recipients: ["boss@wasla.ae", "desk@wasla.ae"],
      includeEnvDefault: true,
      copyAssignments: false,
    });
  },
};
