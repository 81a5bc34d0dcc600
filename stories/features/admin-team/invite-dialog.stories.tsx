import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { InviteDialog } from "@/features/admin-team/components/invite-dialog";

/** The invitation dialog: empty, sending, refused (already a member), validation, both languages. */
const meta = {
  title: "Admin/Team/InviteDialog",
  component: InviteDialog,
  args: { open: true, defaultLocale: "ar", onClose: fn(), onInvite: fn() },
  parameters: { route: "/admin/team" },
} satisfies Meta<typeof InviteDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const English: Story = {
  args: { defaultLocale: "en" },
  globals: { locale: "en" },
  parameters: { route: "/en/admin/team" },
  play: async ({ args }) => {
    const body = within(document.body);
    const dialog = await body.findByRole("dialog");
    const d = within(dialog);
    await userEvent.click(d.getByRole("button", { name: "Send the invitation" }));
    await expect(await d.findByText("Email is required")).toBeInTheDocument();
    await userEvent.type(d.getByLabelText(/Email/), "new.hire@wasla.ae");
    await userEvent.selectOptions(d.getByLabelText(/^Role/), "sales");
    await userEvent.selectOptions(d.getByLabelText(/Language of the invitation/), "ar");
    await userEvent.click(d.getByRole("button", { name: "Send the invitation" }));
    await expect(args.onInvite).toHaveBeenCalledWith({ email: "new.hire@wasla.ae", role: "sales", locale: "ar" });
  },
};

export const Sending: Story = { args: { sending: true } };

export const AlreadyMember: Story = {
  args: { error: "alreadyMember", defaultLocale: "en" },
  globals: { locale: "en" },
  play: async () => {
    const body = within(document.body);
    await expect(await body.findByText("This person is already a member of the team.")).toBeVisible();
  },
};

export const AlreadyMemberArabic: Story = { args: { error: "alreadyMember" } };
