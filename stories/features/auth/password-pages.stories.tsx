import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ForgotPasswordPage, SetPasswordPage } from "@/features/auth/components/password-pages";
import { localizePath } from "@/lib/i18n/locale";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { CurrentPath } from "../../support/current-path";
import { type FakeAnswer, fakeSupabase } from "../../support/fake-supabase";
import { localeOf, startingWith, translator } from "../../support/i18n";

/**
 * The password pages (docs/product.md#admin) with their real API calls over supabase-js, whose fetch
 * answers like the auth server (stories/support/fake-supabase.ts): ask for a reset link (sent, refused
 * for too many requests, server unreachable, waiting), and choose a password from a reset link or an
 * invitation (saved then on to the dashboard, a used or expired link, a weak password tried again with
 * the same link, no link at all). Outside the admin layout: nobody is signed in.
 */

/** What the auth server answers after a verified link (POST /auth/v1/verify). */
const verifiedSession: FakeAnswer = {
  body: {
    access_token: "story-access-token",
    refresh_token: "story-refresh-token",
    token_type: "bearer",
    expires_in: 3600,
    user: {
      id: "00000000-0000-4000-8000-00000000000a",
      aud: "authenticated",
      role: "authenticated",
      email: "layla@wasla.ae",
      app_metadata: {},
      user_metadata: {},
      created_at: "2026-11-01T09:00:00Z",
    },
  },
};
const updatedUser: FakeAnswer = { body: (verifiedSession.body as { user: unknown }).user };

interface AuthCall {
  method: string;
  path: string;
  /** The redirect_to query parameter (where the reset link leads). */
  redirectTo: string | null;
  body: unknown;
}

interface HarnessProps {
  page: "forgot" | "reset" | "invite";
  /** POST /auth/v1/recover: its answer, or none at all. */
  recover?: FakeAnswer | "never";
  /** POST /auth/v1/verify. */
  verify?: FakeAnswer;
  /** PUT /auth/v1/user: one answer per call (the last one repeats). */
  update?: FakeAnswer[];
  /** Every auth call the page made. */
  onCall: (call: AuthCall) => void;
}

function PasswordPageWith({ page, recover = { body: {} }, verify = verifiedSession, update = [updatedUser], onCall }: HarnessProps) {
  const [client] = useState(() => {
    let updates = 0;
    return fakeSupabase(({ method, path, query, body }) => {
      onCall({ method, path, redirectTo: query.get("redirect_to"), body });
      if (path === "/auth/v1/recover") return recover === "never" ? new Promise<FakeAnswer>(() => {}) : recover;
      if (path === "/auth/v1/verify") return verify;
      if (path === "/auth/v1/user" && method === "PUT") return update[Math.min(updates++, update.length - 1)]!;
      return { status: 404, body: { code: "not_found", msg: `No fake for ${method} ${path}` } };
    });
  });
  return (
    <>
      {page === "forgot" ? <ForgotPasswordPage client={async () => client} /> : <SetPasswordPage mode={page} client={async () => client} />}
      <CurrentPath />
    </>
  );
}

const meta = {
  title: "Admin/Auth/PasswordPages",
  component: PasswordPageWith,
  args: { page: "forgot", onCall: fn() },
  parameters: { route: "/admin/forgot-password", chromatic: { modes: { "ar rtl": modes["ar rtl"], "en ltr": modes["en ltr"] } } },
} satisfies Meta<typeof PasswordPageWith>;
export default meta;
type Story = StoryObj<typeof meta>;

type C = ReturnType<typeof within>;
type T = ReturnType<typeof translator>;
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
};
const askForLink = async (c: C, t: T, email: string) => {
  await fill(c.getByLabelText(startingWith(t(msg`Email`))), email);
  await userEvent.click(c.getByRole("button", { name: t(msg`Send the reset link`) }));
};
const choosePassword = async (c: C, t: T, password: string, button = msg`Save the password and sign in`) => {
  await fill(c.getByLabelText(startingWith(t(msg`New password`))), password);
  await fill(c.getByLabelText(startingWith(t(msg`Repeat the password`))), password);
  await userEvent.click(c.getByRole("button", { name: t(button) }));
};
const callsTo = (onCall: HarnessProps["onCall"], path: string) =>
  (onCall as ReturnType<typeof fn>).mock.calls.map(([call]) => call as AuthCall).filter((call) => call.path === path);
const currentPath = (c: C) => c.getByTestId("current-path").textContent;

/** The link is asked for (trimmed address, the reset page in the page's language); the page then says where it went. */
export const ForgotSent: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: t(msg`Forgot your password?`) })).toBeVisible();
    await askForLink(c, t, "  layla@wasla.ae ");
    await expect(await c.findByText(t(msg`Check your email`))).toBeVisible();
    await expect(c.getByText("layla@wasla.ae")).toBeVisible();
    const [call] = callsTo(args.onCall, "/auth/v1/recover");
    await expect(call).toMatchObject({ method: "POST", body: expect.objectContaining({ email: "layla@wasla.ae" }) });
    await expect(call!.redirectTo).toBe(`${window.location.origin}${localizePath("/admin/reset-password", localeOf(context))}`);
  },
};

/** No answer yet: the button is busy and cannot send twice. */
export const ForgotSending: Story = {
  args: { recover: "never" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await askForLink(c, t, "layla@wasla.ae");
    await expect(await c.findByRole("button", { name: startingWith(t(msg`Sending…`)) })).toBeDisabled();
    await waitFor(() => expect(callsTo(args.onCall, "/auth/v1/recover")).toHaveLength(1));
    await expect(c.queryByText(t(msg`Check your email`))).toBeNull();
  },
};

/** HTTP 429: the alert asks to wait, the form stays to try again later. */
export const ForgotRateLimited: Story = {
  args: { recover: { status: 429, body: { code: "over_email_send_rate_limit", msg: "Email rate limit exceeded" } } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await askForLink(c, t, "layla@wasla.ae");
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`Too many requests. Please wait a few minutes and try again.`));
    await expect(c.getByRole("button", { name: t(msg`Send the reset link`) })).toBeEnabled();
    await expect(c.queryByText(t(msg`Check your email`))).toBeNull();
  },
};

/** The server is down (HTTP 503): the alert says the server could not be reached. */
export const ForgotOffline: Story = {
  args: { recover: { status: 503, body: { msg: "Service Unavailable" } } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await askForLink(c, t, "layla@wasla.ae");
    await expect(await c.findByRole("alert")).toHaveTextContent(t(msg`Could not reach the server. Check your connection and try again.`));
  },
};

const reset = { args: { page: "reset" as const }, parameters: { route: "/admin/reset-password?token_hash=story-token" } };

/** A reset link: the token is used only when the form is sent, then the password is saved and the dashboard opens. */
export const ResetSaved: Story = {
  ...reset,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(callsTo(args.onCall, "/auth/v1/verify")).toHaveLength(0);
    await choosePassword(c, t, "violet tangerine harbour");
    await waitFor(() => expect(currentPath(c)).toBe(localizePath("/admin", localeOf(context))));
    await expect(callsTo(args.onCall, "/auth/v1/verify")[0]!.body).toMatchObject({ token_hash: "story-token", type: "recovery" });
    await expect(callsTo(args.onCall, "/auth/v1/user")[0]).toMatchObject({
      method: "PUT",
      body: expect.objectContaining({ password: "violet tangerine harbour" }),
    });
  },
};

/** A used or expired link (HTTP 403 otp_expired): no form, the way to a new link. */
export const ResetLinkExpired: Story = {
  ...reset,
  args: { page: "reset", verify: { status: 403, body: { code: "otp_expired", msg: "Email link is invalid or has expired" } } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await choosePassword(c, t, "violet tangerine harbour");
    await expect(await c.findByText(t(msg`This link is invalid, was already used, or has expired.`))).toBeVisible();
    await expect(c.getByRole("link", { name: t(msg`Ask for a new link`) })).toHaveAttribute(
      "href",
      localizePath("/admin/forgot-password", localeOf(context)),
    );
    await expect(c.queryByLabelText(startingWith(t(msg`New password`)))).toBeNull();
  },
};

/**
 * A password the server refuses as weak (HTTP 422 weak_password): the alert says why; the next try
 * keeps the session the link opened (the token is not used twice) and succeeds.
 */
export const ResetWeakPasswordThenSaved: Story = {
  ...reset,
  args: {
    page: "reset",
    update: [
      { status: 422, body: { code: "weak_password", msg: "Password is known to be weak", weak_password: { reasons: ["pwned"] } } },
      updatedUser,
    ],
  },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await choosePassword(c, t, "password123456");
    await expect(await c.findByRole("alert")).toHaveTextContent(
      t(msg`This password is too common or too easy to guess. Choose a longer, less predictable one.`),
    );
    await choosePassword(c, t, "violet tangerine harbour");
    await waitFor(() => expect(currentPath(c)).toBe(localizePath("/admin", localeOf(context))));
    await expect(callsTo(args.onCall, "/auth/v1/verify")).toHaveLength(1);
    await expect(callsTo(args.onCall, "/auth/v1/user")).toHaveLength(2);
  },
};

/** Opened without a link's token: no form, nothing sent. */
export const ResetWithoutLink: Story = {
  args: { page: "reset" },
  parameters: { route: "/admin/reset-password" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`This link is invalid, was already used, or has expired.`))).toBeVisible();
    await expect(c.queryByRole("button", { name: t(msg`Save the password and sign in`) })).toBeNull();
    await expect(args.onCall).not.toHaveBeenCalled();
  },
};

const invite = { args: { page: "invite" as const }, parameters: { route: "/admin/accept-invite?token_hash=story-invite" } };

/** An invitation: its own title and button; the token is verified as an invite, then the dashboard opens. */
export const InviteAccepted: Story = {
  ...invite,
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: t(msg`Accept your invitation`) })).toBeVisible();
    await choosePassword(c, t, "violet tangerine harbour", msg`Accept and sign in`);
    await waitFor(() => expect(currentPath(c)).toBe(localizePath("/admin", localeOf(context))));
    await expect(callsTo(args.onCall, "/auth/v1/verify")[0]!.body).toMatchObject({ token_hash: "story-invite", type: "invite" });
  },
};

/** An expired invitation: no form, the owner is asked for a new one. */
export const InviteExpired: Story = {
  ...invite,
  args: { page: "invite", verify: { status: 403, body: { code: "otp_expired", msg: "Email link is invalid or has expired" } } },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await choosePassword(c, t, "violet tangerine harbour", msg`Accept and sign in`);
    await expect(await c.findByText(t(msg`Ask the owner who invited you to send a new invitation.`))).toBeVisible();
  },
};

/** On a 390 px phone: the card and its fields fit, nothing scrolls sideways. */
export const OnPhone: Story = {
  ...reset,
  globals: onMobile,
  parameters: { ...reset.parameters, chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const t = translator(context);
    const c = within(canvasElement);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    for (const control of [
      c.getByLabelText(startingWith(t(msg`New password`))),
      c.getByRole("button", { name: t(msg`Save the password and sign in`) }),
    ]) {
      const box = control.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
