import { useLingui } from "@lingui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { type Locale, directionOf, localizePath } from "@/lib/i18n/locale";
import { type MailInput, type MailKind, type MailSubmission, formatInZone, renderMail } from "@/lib/mail/templates";
import { localeOf, translator } from "../../support/i18n";
import { MailView } from "../../support/mail-view";

const site = { name: { en: "Wasla", ar: "وصلة" }, url: "https://wasla.example", phone: "+16135550142", whatsapp: "+16135550199" };
/** A lead and a demo booking as submitted from the site, by a visitor writing in each language. */
const lead = (locale: Locale): MailSubmission => ({
  id: "4f1c2d7e-8a90-4b1c-9d2e-3f4a5b6c7d8e",
  formType: "sales_lead",
  payload: {
    fullName: locale === "ar" ? "سارة المنصوري" : "Sara Al Mansouri",
    email: "sara@marinahomes.ae",
    countryCode: "+971",
    phoneNumber: "501234567",
    phone: "+971501234567",
    countryIso: "AE",
    country: "UAE",
    city: "Dubai",
    company: locale === "ar" ? "مارينا هومز" : "Marina Homes",
    preferredCallTime: "5-9",
    isEnterpriseInterested: true,
    consent: { version: "2026-11-23", marketing: true },
  },
  pagePath: localizePath("/contact", locale),
  locale,
  timeZone: "Asia/Dubai",
  createdAt: "2026-11-23T08:15:00.000Z",
});
const booking = (locale: Locale): MailSubmission => ({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  formType: "demo_booking",
  payload: {
    fullName: locale === "ar" ? "دانيال ترمبلاي" : "Daniel Tremblay",
    email: "daniel@northrealty.ca",
    phone: "+14165550123",
    countryIso: "CA",
    company: locale === "ar" ? "نورث ريلتي" : "North Realty",
    demoDate: "2026-12-01",
    demoTime: "16:30",
  },
  pagePath: localizePath("/blog/dubai-off-plan-investment-guide", locale),
  locale,
  timeZone: "America/Toronto",
  createdAt: "2026-11-23T14:02:00.000Z",
});
const samples = { lead, booking, none: () => undefined };
type Sample = keyof typeof samples;

/**
 * One message as a mail client shows it: subject, the HTML in a frame, and the plain-text part. The
 * message is in the story's language, from a visitor who wrote in it.
 */
function MailPreview({ kind, sample }: { kind: MailKind; sample: Sample }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === "en" ? "en" : "ar";
  const submission = samples[sample](locale);
  const input: MailInput = {
    kind,
    locale,
    site,
    businessTimeZone: "Asia/Dubai",
    submission,
    links: { confirm: `${site.url}/newsletter/confirm?token=example`, unsubscribe: `${site.url}/newsletter/unsubscribe?token=example` },
  };
  const mail = renderMail(i18n, input);
  return <MailView mail={mail} locale={locale} />;
}

const meta = {
  title: "Lib/Mail/Templates",
  component: MailPreview,
  args: { kind: "lead_acknowledgement", sample: "lead" },
  argTypes: { sample: { control: "select", options: ["lead", "booking", "none"] } },
} satisfies Meta<typeof MailPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const frameDoc = async (canvasElement: HTMLElement) => {
  const frame = canvasElement.querySelector("iframe")!;
  await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? "").not.toBe(""));
  return frame.contentDocument!;
};

/** The template's own subject (its placeholder is named `site`, which is part of the message's id). */
const acknowledgementSubject = (t: ReturnType<typeof translator>, site: string) => t(msg`We received your request – ${site}`);

/** The visitor's acknowledgement, in their language and direction, with the call time they chose. */
export const LeadAcknowledgement: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const locale = localeOf(context);
    const doc = await frameDoc(canvasElement);
    await expect(doc.documentElement.getAttribute("dir")).toBe(directionOf(locale));
    await expect(doc.documentElement.getAttribute("lang")).toBe(locale);
    await expect(within(canvasElement).getByTestId("subject")).toHaveTextContent(acknowledgementSubject(t, site.name[locale]));
    await expect(doc.body.textContent).toContain(t(msg`between 5 PM and 9 PM`));
  },
};

/** 16:30 in Dubai is 7:30 AM in Toronto that day: the visitor's own time is shown too, and the number we will call, formatted, left to right. */
export const BookingConfirmation: Story = {
  args: { kind: "booking_confirmation", sample: "booking" },
  play: async ({ canvasElement, ...context }) => {
    const doc = await frameDoc(canvasElement);
    await expect(doc.body.textContent).toContain(formatInZone(new Date("2026-12-01T12:30:00Z"), localeOf(context), "America/Toronto"));
    const phones = Array.from(doc.querySelectorAll('bdi[dir="ltr"]')).map((b) => b.textContent);
    await expect(phones).toContain("+1 416 555 0123");
  },
};

/** The team's notification: WhatsApp, call and admin links (the admin in the story's language). */
export const SalesNotificationLead: Story = {
  args: { kind: "sales_notification", sample: "lead" },
  play: async ({ canvasElement, ...context }) => {
    const doc = await frameDoc(canvasElement);
    const admin = `https://wasla.example${localizePath(`/admin/leads?lead=${lead("ar").id}`, localeOf(context))}`;
    await expect(doc.querySelector('a[href="https://wa.me/971501234567"]')).not.toBeNull();
    await expect(doc.querySelector('a[href="tel:+971501234567"]')).not.toBeNull();
    await expect(doc.querySelector(`a[href="${admin}"]`)).not.toBeNull();
    // The number is shown formatted and isolated left to right, in the table and on the call button.
    const phones = Array.from(doc.querySelectorAll('bdi[dir="ltr"]')).map((b) => b.textContent);
    await expect(phones.filter((p) => p === "+971 50 123 4567")).toHaveLength(2);
  },
};
export const SalesNotificationBooking: Story = { args: { kind: "sales_notification", sample: "booking" } };
export const NewsletterConfirmation: Story = { args: { kind: "newsletter_confirmation", sample: "none" } };
