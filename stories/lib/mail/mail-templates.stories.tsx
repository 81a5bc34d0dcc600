import { Box, Heading, Stack, Text, chakra } from "@chakra-ui/react";
import { useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { type MailInput, type MailKind, type MailSubmission, renderMail } from "@/lib/mail/templates";

const site = { name: { en: "Wasla", ar: "وصلة" }, url: "https://wasla.example", phone: "+16135550142", whatsapp: "+16135550199" };
const lead: MailSubmission = {
  id: "4f1c2d7e-8a90-4b1c-9d2e-3f4a5b6c7d8e",
  formType: "sales_lead",
  payload: {
    fullName: "Sara Al Mansouri",
    email: "sara@marinahomes.ae",
    countryCode: "+971",
    phoneNumber: "501234567",
    phone: "+971501234567",
    country: "UAE",
    city: "Dubai",
    company: "Marina Homes",
    preferredCallTime: "5-9",
    isEnterpriseInterested: true,
    consent: { version: "2026-11-23", marketing: true },
  },
  pagePath: "/contact",
  locale: "ar",
  timeZone: "Asia/Dubai",
  createdAt: "2026-11-23T08:15:00.000Z",
};
const booking: MailSubmission = {
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  formType: "demo_booking",
  payload: {
    fullName: "Daniel Tremblay",
    email: "daniel@northrealty.ca",
    phone: "+14165550123",
    company: "North Realty",
    demoDate: "2026-12-01",
    demoTime: "16:30",
  },
  pagePath: "/en/blog/dubai-off-plan-investment-guide",
  locale: "en",
  timeZone: "America/Toronto",
  createdAt: "2026-11-23T14:02:00.000Z",
};

/** One message as a mail client shows it: subject, the HTML in a frame, and the plain-text part. */
function MailPreview({ kind, submission }: { kind: MailKind; submission?: MailSubmission }) {
  const { i18n } = useLingui();
  const locale = i18n.locale === "en" ? "en" : "ar";
  const input: MailInput = {
    kind,
    locale,
    site,
    businessTimeZone: "Asia/Dubai",
    submission,
    links: { confirm: `${site.url}/newsletter/confirm?token=example`, unsubscribe: `${site.url}/newsletter/unsubscribe?token=example` },
  };
  const mail = renderMail(i18n, input);
  return (
    <Stack gap="3" maxW="2xl">
      <Heading as="h1" fontSize="lg" data-testid="subject">
        {mail.subject}
      </Heading>
      <chakra.iframe
        title={mail.subject}
        srcDoc={mail.html}
        sandbox="allow-same-origin"
        w="full"
        h="640px"
        borderWidth="1px"
        rounded="md"
        bg="white"
      />
      <Box as="details">
        <Text as="summary" cursor="pointer">
          text/plain
        </Text>
        <Text as="pre" whiteSpace="pre-wrap" fontSize="sm" dir={locale === "ar" ? "rtl" : "ltr"}>
          {mail.text}
        </Text>
      </Box>
    </Stack>
  );
}

const meta = {
  title: "Lib/Mail/Templates",
  component: MailPreview,
  args: { kind: "lead_acknowledgement", submission: lead },
} satisfies Meta<typeof MailPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

const frameDoc = async (canvasElement: HTMLElement) => {
  const frame = canvasElement.querySelector("iframe")!;
  await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? "").not.toBe(""));
  return frame.contentDocument!;
};

export const LeadAcknowledgement: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const doc = await frameDoc(canvasElement);
    await expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    await expect(doc.documentElement.getAttribute("lang")).toBe("ar");
    await expect(within(canvasElement).getByTestId("subject").textContent).toContain("استلمنا طلبك");
  },
};
export const LeadAcknowledgementEnglish: Story = {
  globals: { locale: "en" },
  args: { submission: { ...lead, locale: "en" } },
  play: async ({ canvasElement }) => {
    const doc = await frameDoc(canvasElement);
    await expect(doc.documentElement.getAttribute("dir")).toBe("ltr");
    await expect(doc.body.textContent).toContain("between 5 PM and 9 PM");
  },
};
export const BookingConfirmation: Story = { args: { kind: "booking_confirmation", submission: { ...booking, locale: "ar" } } };
export const BookingConfirmationEnglish: Story = {
  globals: { locale: "en" },
  args: { kind: "booking_confirmation", submission: booking },
  play: async ({ canvasElement }) => {
    const doc = await frameDoc(canvasElement);
    // 16:30 in Dubai is 7:30 AM in Toronto that day.
    await expect(doc.body.textContent).toMatch(/7:30\s?AM/);
  },
};
export const SalesNotificationLead: Story = { args: { kind: "sales_notification", submission: lead } };
export const SalesNotificationLeadEnglish: Story = {
  globals: { locale: "en" },
  args: { kind: "sales_notification", submission: lead },
  play: async ({ canvasElement }) => {
    const doc = await frameDoc(canvasElement);
    await expect(doc.querySelector('a[href="https://wa.me/971501234567"]')).not.toBeNull();
    await expect(doc.querySelector('a[href="tel:+971501234567"]')).not.toBeNull();
    await expect(doc.querySelector(`a[href="https://wasla.example/en/admin/leads?lead=${lead.id}"]`)).not.toBeNull();
  },
};
export const SalesNotificationBooking: Story = { args: { kind: "sales_notification", submission: booking } };
export const SalesNotificationBookingEnglish: Story = {
  globals: { locale: "en" },
  args: { kind: "sales_notification", submission: booking },
};
export const NewsletterConfirmation: Story = { args: { kind: "newsletter_confirmation", submission: undefined } };
export const NewsletterConfirmationEnglish: Story = {
  globals: { locale: "en" },
  args: { kind: "newsletter_confirmation", submission: undefined },
};
