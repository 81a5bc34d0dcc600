/**
 * The team's sign-in-link messages (docs/product.md#admin): an invitation to join the admin, and a
 * password reset. In the recipient's language, with the same layout as every other message
 * (templates.ts). The link is made by the server's mail worker from the one-time token.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type MailLocale, type MailSite, type RenderedMail, button, escapeHtml, heading, layout, para } from "./templates.ts";

export type TeamRole = "owner" | "editor" | "sales";
export type TeamMailKind = "team_invite" | "password_recovery";

export interface TeamMailInput {
  kind: TeamMailKind;
  locale: MailLocale;
  site: MailSite;
  /** The one-time link (accept the invitation, or choose a new password). */
  link: string;
  /** Invitations: the role offered and who sent it. */
  role?: TeamRole;
  inviter?: string;
}

export function roleName(i18n: I18n, role: TeamRole): string {
  switch (role) {
    case "owner":
      return i18n._(msg`Owner`);
    case "editor":
      return i18n._(msg`Editor`);
    case "sales":
      return i18n._(msg`Sales`);
  }
}

function teamInvite(i18n: I18n, input: TeamMailInput): RenderedMail {
  const site = input.site.name[input.locale];
  const role = roleName(i18n, input.role ?? "editor");
  const subject = i18n._(msg`You are invited to the ${site} admin`);
  const inviter = input.inviter;
  const intro = inviter
    ? i18n._(msg`${inviter} invited you to join the ${site} team as ${role}.`)
    : i18n._(msg`You are invited to join the ${site} team as ${role}.`);
  const what =
    input.role === "owner"
      ? i18n._(msg`Owners manage everything: posts, leads, bookings, mail and the team.`)
      : input.role === "sales"
        ? i18n._(msg`Sales members work on leads, bookings and mail.`)
        : i18n._(msg`Editors write and publish blog posts and their images.`);
  const action = i18n._(msg`Choose a password to accept. The link works once, for 72 hours.`);
  const label = i18n._(msg`Accept the invitation`);
  const ignore = i18n._(
    msg`If you were not expecting this invitation, ignore this email: no account is opened for you until you choose a password.`,
  );
  const text = [intro, what, "", action, `${label}: ${input.link}`, "", "—", ignore].join("\n");
  const html = layout(
    input.locale,
    input.site,
    subject,
    `${heading(subject)}${para(intro)}${para(what)}${para(action)}${button(input.link, label)}`,
    escapeHtml(ignore),
  );
  return { subject, text, html };
}

function passwordRecovery(i18n: I18n, input: TeamMailInput): RenderedMail {
  const site = input.site.name[input.locale];
  const subject = i18n._(msg`Reset your ${site} admin password`);
  const intro = i18n._(msg`We received a request to reset the password of your ${site} admin account.`);
  const action = i18n._(msg`Choose a new password with the button below. The link works once, for one hour.`);
  const label = i18n._(msg`Choose a new password`);
  const ignore = i18n._(msg`If you did not ask for this, ignore this email: your password stays the same.`);
  const text = [intro, "", action, `${label}: ${input.link}`, "", "—", ignore].join("\n");
  const html = layout(
    input.locale,
    input.site,
    subject,
    `${heading(subject)}${para(intro)}${para(action)}${button(input.link, label)}`,
    escapeHtml(ignore),
  );
  return { subject, text, html };
}

export function renderTeamMail(i18n: I18n, input: TeamMailInput): RenderedMail {
  return input.kind === "team_invite" ? teamInvite(i18n, input) : passwordRecovery(i18n, input);
}

/** The page a link opens: accept an invitation, or reset a password (in the message's language). */
export function teamMailPath(kind: TeamMailKind, locale: MailLocale, token: string): string {
  const page = kind === "team_invite" ? "accept-invite" : "reset-password";
  const type = kind === "team_invite" ? "invite" : "recovery";
  return `${locale === "en" ? "/en" : ""}/admin/${page}?${new URLSearchParams({ token_hash: token, type })}`;
}
