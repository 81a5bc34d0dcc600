import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { fromPromise } from "xstate";
import { AdminLoginPage } from "@/features/auth/components/admin-login-page";
import { AuthProvider } from "@/features/auth/components/auth-provider";
import { type Session, SessionActorError, type TeamRole, sessionMachine } from "@/features/auth/machines/session.machine";
import { localizePath } from "@/lib/i18n/locale";
import { desktopModes, onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { CurrentPath } from "../../support/current-path";
import { localeOf, startingWith, translator } from "../../support/i18n";

/**
 * The admin login page (docs/product.md#auth): the form wired to the real session machine, with fake
 * auth actors. Signed out, checking a stored session, signing in, refused (wrong password, not a
 * member), a session that expired, and signed in: then the page asked for (`?next=`) or the dashboard.
 */

const sessionFor = (email: string, expiresInSeconds = 3600): Session => ({
  user: { id: "u1", email },
  accessToken: "a",
  refreshToken: "r",
  expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
});

interface HarnessProps {
  /** What signing in does: a session, the server's refusal, or no answer yet. */
  signIn: "ok" | "credentials" | "never";
  /** The member's role on the team (null: not a member). */
  role?: TeamRole | null;
  /** A stored session at load: none, one about to expire whose refresh is refused, or still being read. */
  stored?: "none" | "expiring" | "pending";
  /** Called with what the form sent. */
  onSignIn: (input: { email: string; password: string }) => void;
}

function LoginPageWith({ signIn, role = "owner", stored = "none", onSignIn }: HarnessProps) {
  const logic = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          getSession: fromPromise(async (): Promise<Session | null> => {
            if (stored === "pending") return new Promise<Session | null>(() => {});
            return stored === "expiring" ? sessionFor("layla@wasla.ae", 30) : null;
          }),
          checkAdmin: fromPromise(async (): Promise<TeamRole | null> => role),
          signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }): Promise<Session> => {
            onSignIn(input);
            if (signIn === "never") return new Promise<Session>(() => {});
            if (signIn === "credentials") throw new SessionActorError("credentials", "Invalid login credentials");
            return sessionFor(input.email);
          }),
          refreshSession: fromPromise(async (): Promise<Session> => {
            throw new SessionActorError("expired", "Refresh Token Not Found");
          }),
          signOut: fromPromise(async () => {}),
        },
      }),
    [signIn, role, stored, onSignIn],
  );
  return (
    <AuthProvider logic={logic}>
      <AdminLoginPage />
      <CurrentPath />
    </AuthProvider>
  );
}

const meta = {
  title: "Admin/Auth/AdminLoginPage",
  component: LoginPageWith,
  args: { signIn: "ok", onSignIn: fn() },
  parameters: { route: "/admin/login", chromatic: { modes: desktopModes } },
} satisfies Meta<typeof LoginPageWith>;
export default meta;
type Story = StoryObj<typeof meta>;

type T = ReturnType<typeof translator>;
const form = (c: ReturnType<typeof within>, t: T) => ({
  email: () => c.getByLabelText(startingWith(t(msg`Email`))),
  password: () => c.getByLabelText(startingWith(t(msg`Password`))),
  signIn: () => c.getByRole("button", { name: t(msg`Sign In`) }),
});
const signInAs = async (c: ReturnType<typeof within>, t: T, email: string, password: string) => {
  const f = form(c, t);
  await userEvent.type(f.email(), email);
  await userEvent.type(f.password(), password);
  await userEvent.click(f.signIn());
};
const path = (c: ReturnType<typeof within>) => c.getByTestId("current-path").textContent;

/** Signed out: the page's h1, the form with nothing in it, no alert, the way to a forgotten password. */
export const SignedOut: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("main")).toBeInTheDocument();
    await expect(c.getByRole("heading", { level: 1, name: t(msg`Admin sign in`) })).toBeVisible();
    await expect(form(c, t).email()).toHaveValue("");
    await expect(form(c, t).signIn()).toBeEnabled();
    await expect(c.queryByRole("alert")).toBeNull();
    await expect(c.getByRole("link", { name: t(msg`Forgot your password?`) })).toHaveAttribute(
      "href",
      localizePath("/admin/forgot-password", localeOf(context)),
    );
  },
};

/** While a stored session is still being read the form is usable; a sign-in sent meanwhile is not lost. */
export const CheckingStoredSession: Story = {
  args: { stored: "pending", signIn: "never" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(form(c, t).signIn()).toBeEnabled();
    await signInAs(c, t, "layla@wasla.ae", "violet tangerine harbour");
    await waitFor(() => expect(args.onSignIn).toHaveBeenCalledWith({ email: "layla@wasla.ae", password: "violet tangerine harbour" }));
  },
};

/** Signing in: the button is busy and says so, and cannot be pressed twice. */
export const SigningIn: Story = {
  args: { signIn: "never" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, "layla@wasla.ae", "violet tangerine harbour");
    await expect(await c.findByRole("button", { name: startingWith(t(msg`Signing in…`)) })).toBeDisabled();
    await expect(args.onSignIn).toHaveBeenCalledTimes(1);
  },
};

/** Wrong password: the alert says so in the page's language, the email stays, and Enter tries again. */
export const WrongPassword: Story = {
  args: { signIn: "credentials" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, "layla@wasla.ae", "wrong");
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`Invalid login credentials`));
    await expect(form(c, t).email()).toHaveValue("layla@wasla.ae");
    await expect(path(c)).toBe(localizePath("/admin/login", localeOf(context)));
    await userEvent.click(form(c, t).password());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(args.onSignIn).toHaveBeenCalledTimes(2));
  },
};

/** A right password for an account that is not on the team: signed out again, with the reason. */
export const NotAnAdministrator: Story = {
  args: { role: null },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, "visitor@example.com", "violet tangerine harbour");
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`This account is not an administrator.`));
    await expect(form(c, t).signIn()).toBeEnabled();
  },
};

/** The stored session expired and its refresh was refused: back on the form with the reason. */
export const SessionExpired: Story = {
  args: { stored: "expiring" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`Your session has expired. Please sign in again.`));
    await expect(form(c, t).signIn()).toBeEnabled();
  },
};

/** Signed in from /admin/login: on to the dashboard in the page's language. */
export const SignedInGoesToDashboard: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, " layla@wasla.ae ", "violet tangerine harbour");
    await expect(args.onSignIn).toHaveBeenCalledWith({ email: "layla@wasla.ae", password: "violet tangerine harbour" });
    await waitFor(() => expect(path(c)).toBe(localizePath("/admin", localeOf(context))));
  },
};

/** Sent to the login from another admin page (`?next=`): signed in, back to that page. */
export const SignedInGoesToNext: Story = {
  parameters: { route: "/admin/login?next=%2Fadmin%2Fleads%3Fstatus%3Dnew" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, "layla@wasla.ae", "violet tangerine harbour");
    await waitFor(() => expect(path(c)).toBe("/admin/leads?status=new"));
  },
};

/** A `next` that is not an admin page is not followed: the dashboard instead. */
export const SignedInIgnoresForeignNext: Story = {
  parameters: { route: "/admin/login?next=https%3A%2F%2Fevil.example%2Fadmin" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await signInAs(c, t, "layla@wasla.ae", "violet tangerine harbour");
    await waitFor(() => expect(path(c)).toBe(localizePath("/admin", localeOf(context))));
  },
};

/** On a 390 px phone: the card fills the width, its fields and button fit, nothing scrolls sideways. */
export const OnPhone: Story = {
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const t = translator(context);
    const c = within(canvasElement);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const control of [form(c, t).email(), form(c, t).password(), form(c, t).signIn()]) {
      const box = control.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
