import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ForgotPasswordForm, SetPasswordForm } from "@/features/auth/components/password-forms";

/** "Forgot your password?" and "Choose a password" (reset link or invitation), every state, both languages. */
const meta = {
  title: "Admin/Auth/PasswordForms",
  component: ForgotPasswordForm,
  args: { onSubmit: fn(), status: "idle" },
  parameters: { route: "/admin/forgot-password" },
} satisfies Meta<typeof ForgotPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Forgot: Story = {};

export const ForgotEnglish: Story = {
  globals: { locale: "en" },
  parameters: { route: "/en/admin/forgot-password" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Send the reset link" }));
    await expect(await c.findByText("Email is required")).toBeInTheDocument();
    await userEvent.type(c.getByLabelText(/Email/), "layla@wasla.ae");
    await userEvent.click(c.getByRole("button", { name: "Send the reset link" }));
    await expect(args.onSubmit).toHaveBeenCalledWith("layla@wasla.ae");
    await expect(c.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/en/admin/login");
  },
};

export const ForgotSending: Story = { args: { status: "sending" } };

export const ForgotSent: Story = {
  args: { status: "sent", sentTo: "layla@wasla.ae" },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Check your email")).toBeVisible();
    await expect(c.getByText("layla@wasla.ae")).toBeVisible();
    await expect(c.queryByRole("button", { name: "Send the reset link" })).toBeNull();
  },
};

export const ForgotSentArabic: Story = { args: { status: "sent", sentTo: "layla@wasla.ae" } };

export const ForgotRateLimited: Story = { args: { error: "rateLimited" } };

type SetStory = StoryObj<typeof SetPasswordForm>;

export const Reset: SetStory = {
  render: (args) => <SetPasswordForm {...args} />,
  args: { mode: "reset", onSubmit: fn() },
  parameters: { route: "/admin/reset-password" },
};

export const ResetEnglish: SetStory = {
  ...Reset,
  globals: { locale: "en" },
  parameters: { route: "/en/admin/reset-password" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/New password/), "short");
    await userEvent.type(c.getByLabelText(/Repeat the password/), "short");
    await userEvent.click(c.getByRole("button", { name: "Save the password and sign in" }));
    await expect(await c.findByText("The password must be at least 12 characters long.")).toBeInTheDocument();
    await userEvent.clear(c.getByLabelText(/New password/));
    await userEvent.type(c.getByLabelText(/New password/), "violet tangerine harbour");
    await userEvent.click(c.getByRole("button", { name: "Save the password and sign in" }));
    await expect(await c.findByText("The two passwords do not match.")).toBeInTheDocument();
    await userEvent.clear(c.getByLabelText(/Repeat the password/));
    await userEvent.type(c.getByLabelText(/Repeat the password/), "violet tangerine harbour");
    await userEvent.click(c.getByRole("button", { name: "Save the password and sign in" }));
    await expect(args.onSubmit).toHaveBeenCalledWith("violet tangerine harbour");
  },
};

export const ResetSaving: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), pending: true } };

export const ResetWeakPassword: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), error: "weakPassword" } };

export const ResetLinkExpired: SetStory = {
  ...Reset,
  args: { mode: "reset", onSubmit: fn(), error: "linkInvalid" },
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("This link is invalid, was already used, or has expired.")).toBeVisible();
    await expect(c.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/en/admin/forgot-password");
    await expect(c.queryByLabelText(/New password/)).toBeNull();
  },
};

export const ResetWithoutLink: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), missingLink: true } };

export const AcceptInvite: SetStory = { ...Reset, args: { mode: "invite", onSubmit: fn() }, parameters: { route: "/admin/accept-invite" } };

export const AcceptInviteEnglish: SetStory = {
  ...AcceptInvite,
  globals: { locale: "en" },
  parameters: { route: "/en/admin/accept-invite" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Accept and sign in" })).toBeVisible();
  },
};

export const AcceptInviteExpired: SetStory = {
  ...AcceptInvite,
  args: { mode: "invite", onSubmit: fn(), error: "linkInvalid" },
};
