import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoginForm } from "@/features/auth/components/login-form";
import { startingWith, translator } from "../../support/i18n";

const meta = {
  title: "Admin/Auth/LoginForm",
  component: LoginForm,
  args: { onSubmit: fn() },
  parameters: { route: "/admin/login" },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SignIn: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(startingWith(t(msg`Email`))), "admin@example.com");
    await userEvent.type(c.getByLabelText(startingWith(t(msg`Password`))), "secret");
    await userEvent.click(c.getByRole("button", { name: t(msg`Sign In`) }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: "admin@example.com", password: "secret" });
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Sign In`) }));
    await expect(await c.findByText(t(msg`Email is required`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Password is required`))).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const SigningIn: Story = {
  args: { pending: true, defaultValues: { email: "admin@example.com", password: "secret" } },
};

/** The server's English error is not shown: the form says it in the page's language. */
export const WrongPassword: Story = {
  args: { error: { kind: "credentials", message: "Invalid login credentials" } },
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(translator(context)(msg`Invalid login credentials`));
  },
};

export const NotAnAdministrator: Story = { args: { error: { kind: "notAdmin" } } };
export const RateLimited: Story = { args: { error: { kind: "rateLimited" } } };

/** The server's Retry-After came through: the alert says how long (an ICU plural in each language). */
export const RateLimitedFor14Minutes: Story = {
  args: { error: { kind: "rateLimited", retryAfterSeconds: 14 * 60 - 20 } },
  play: async ({ canvasElement, ...context }) => {
    const minutes = 14;
    const text = translator(context)(
      msg({
        message: plural(minutes, {
          one: "Too many sign-in attempts. Please try again in # minute.",
          other: "Too many sign-in attempts. Please try again in # minutes.",
        }),
      }),
    );
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(text);
  },
};
export const SessionExpired: Story = { args: { error: { kind: "expired" } } };
