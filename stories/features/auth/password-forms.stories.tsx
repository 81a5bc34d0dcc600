import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ForgotPasswordForm, MIN_PASSWORD_LENGTH, SetPasswordForm } from "@/features/auth/components/password-forms";
import { localizePath } from "@/lib/i18n/locale";
import { responsiveModes } from "../../../.storybook/modes";
import { localeOf, startingWith, translator } from "../../support/i18n";

/**
 * "Forgot your password?" and "Choose a password" (reset link or invitation) in the story's language:
 * every state, checked through the same messages the forms render. The card fills a phone's width
 * (mobile modes).
 */
const meta = {
  title: "Admin/Auth/PasswordForms",
  component: ForgotPasswordForm,
  args: { onSubmit: fn(), status: "idle" },
  parameters: { route: "/admin/forgot-password", chromatic: { modes: responsiveModes } },
} satisfies Meta<typeof ForgotPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
};

/** Send with no email: the field says so; then the link is asked for. */
export const Forgot: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Send the reset link`) }));
    await expect(await c.findByText(t(msg`Email is required`))).toBeInTheDocument();
    await fill(c.getByLabelText(startingWith(t(msg`Email`))), "layla@wasla.ae");
    await userEvent.click(c.getByRole("button", { name: t(msg`Send the reset link`) }));
    await expect(args.onSubmit).toHaveBeenCalledWith("layla@wasla.ae");
    await expect(c.getByRole("link", { name: t(msg`Back to sign in`) })).toHaveAttribute(
      "href",
      localizePath("/admin/login", localeOf(context)),
    );
  },
};

export const ForgotInvalidEmail: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fill(c.getByLabelText(startingWith(t(msg`Email`))), "layla@");
    await userEvent.click(c.getByRole("button", { name: t(msg`Send the reset link`) }));
    await expect(await c.findByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ForgotSending: Story = { args: { status: "sending" } };

/** Sent: the form gives way to "Check your email" with the address. */
export const ForgotSent: Story = {
  args: { status: "sent", sentTo: "layla@wasla.ae" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Check your email`))).toBeVisible();
    await expect(c.getByText("layla@wasla.ae")).toBeVisible();
    await expect(c.queryByRole("button", { name: t(msg`Send the reset link`) })).toBeNull();
  },
};

export const ForgotRateLimited: Story = {
  args: { error: "rateLimited" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      translator(context)(msg`Too many requests. Please wait a few minutes and try again.`),
    );
  },
};

export const ForgotOffline: Story = { args: { error: "network" } };

type SetStory = StoryObj<typeof SetPasswordForm>;

export const Reset: SetStory = {
  render: (args) => <SetPasswordForm {...args} />,
  args: { mode: "reset", onSubmit: fn() },
  parameters: { route: "/admin/reset-password" },
};

/** Too short, then not matching, then accepted. */
export const ResetValidation: SetStory = {
  ...Reset,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const password = () => c.getByLabelText(startingWith(t(msg`New password`)));
    const repeat = () => c.getByLabelText(startingWith(t(msg`Repeat the password`)));
    const save = () => c.getByRole("button", { name: t(msg`Save the password and sign in`) });
    await fill(password(), "short");
    await fill(repeat(), "short");
    await userEvent.click(save());
    await expect(await c.findByText(t(msg`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`))).toBeInTheDocument();
    await fill(password(), "violet tangerine harbour");
    await userEvent.click(save());
    await expect(await c.findByText(t(msg`The two passwords do not match.`))).toBeInTheDocument();
    await fill(repeat(), "violet tangerine harbour");
    await userEvent.click(save());
    await expect(args.onSubmit).toHaveBeenCalledWith("violet tangerine harbour");
  },
};

export const ResetSaving: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), pending: true } };

export const ResetWeakPassword: SetStory = {
  ...Reset,
  args: { mode: "reset", onSubmit: fn(), error: "weakPassword" },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      translator(context)(msg`This password is too common or too easy to guess. Choose a longer, less predictable one.`),
    );
  },
};

export const ResetSamePassword: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), error: "samePassword" } };

/** A used or expired link: no form, a link to ask for a new one. */
export const ResetLinkExpired: SetStory = {
  ...Reset,
  args: { mode: "reset", onSubmit: fn(), error: "linkInvalid" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`This link is invalid, was already used, or has expired.`))).toBeVisible();
    await expect(c.getByRole("link", { name: t(msg`Ask for a new link`) })).toHaveAttribute(
      "href",
      localizePath("/admin/forgot-password", localeOf(context)),
    );
    await expect(c.queryByLabelText(startingWith(t(msg`New password`)))).toBeNull();
  },
};

export const ResetWithoutLink: SetStory = { ...Reset, args: { mode: "reset", onSubmit: fn(), missingLink: true } };

/** An invitation: the same form, with its own title and button. */
export const AcceptInvite: SetStory = {
  ...Reset,
  args: { mode: "invite", onSubmit: fn() },
  parameters: { route: "/admin/accept-invite" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: t(msg`Accept your invitation`) })).toBeVisible();
    await expect(c.getByRole("button", { name: t(msg`Accept and sign in`) })).toBeVisible();
  },
};

export const AcceptInviteExpired: SetStory = {
  ...Reset,
  args: { mode: "invite", onSubmit: fn(), error: "linkInvalid" },
  parameters: { route: "/admin/accept-invite" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`Ask the owner who invited you to send a new invitation.`))).toBeVisible();
  },
};
