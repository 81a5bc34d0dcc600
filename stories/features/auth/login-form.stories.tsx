import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoginForm } from "@/features/auth/components/login-form";

const meta = {
  title: "Admin/Auth/LoginForm",
  component: LoginForm,
  args: { onSubmit: fn() },
  parameters: { route: "/admin/login" },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Email/), "admin@example.com");
    await userEvent.type(c.getByLabelText(/Password/), "secret");
    await userEvent.click(c.getByRole("button", { name: "Sign In" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: "admin@example.com", password: "secret" });
  },
};

export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Sign In" }));
    await expect(await c.findByText("Email is required")).toBeInTheDocument();
    await expect(c.getByText("Password is required")).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "تسجيل الدخول" }));
    await expect(await c.findByText("البريد الإلكتروني مطلوب")).toBeInTheDocument();
  },
};

export const SigningIn: Story = {
  args: { pending: true, defaultValues: { email: "admin@example.com", password: "secret" } },
};

export const WrongPassword: Story = {
  globals: { locale: "en" },
  args: { error: { kind: "credentials", message: "Invalid login credentials" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Invalid login credentials");
  },
};

export const WrongPasswordArabic: Story = {
  globals: { locale: "ar" },
  args: { error: { kind: "credentials", message: "Invalid login credentials" } },
};

export const NotAnAdministrator: Story = { args: { error: { kind: "notAdmin" } } };
export const RateLimited: Story = { args: { error: { kind: "rateLimited" } } };

/** The server's Retry-After came through: the alert says how long (ICU plural, Arabic by default). */
export const RateLimitedFor14Minutes: Story = {
  args: { error: { kind: "rateLimited", retryAfterSeconds: 14 * 60 - 20 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(/14|١٤/);
  },
};

export const RateLimitedFor14MinutesEnglish: Story = {
  globals: { locale: "en" },
  args: { error: { kind: "rateLimited", retryAfterSeconds: 14 * 60 - 20 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Please try again in 14 minutes.");
  },
};
export const SessionExpired: Story = { globals: { locale: "en" }, args: { error: { kind: "expired" } } };
