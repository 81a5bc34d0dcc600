import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EmailStep } from "@/features/demo/components/email-step";
import { DEFAULT_EMAIL_LINKS } from "@/features/demo/machines/demo-flow.machine";

const meta = {
  title: "Features/Demo/8 Email",
  component: EmailStep,
  args: { send: fn(), matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0, email: DEFAULT_EMAIL_LINKS },
  parameters: { route: "/demo" },
} satisfies Meta<typeof EmailStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const English: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId("email-subject")).toHaveTextContent("Your curated property matches in Dubai");
    await expect(c.getByLabelText(/^Call link/)).toHaveValue(DEFAULT_EMAIL_LINKS.callLink);
    await expect(c.getByLabelText(/^Viewing link/)).toHaveValue(DEFAULT_EMAIL_LINKS.viewingLink);
  },
};

/** Arabic: the matches are joined with the Arabic comma, as in the WhatsApp message. */
export const ArabicSeparators: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement).getByTestId("email-body");
    await expect(body).toHaveTextContent("،");
    await expect(body.querySelector("ol")?.textContent ?? "").not.toMatch(/, /);
  },
};

/** Send with an empty call link and a viewing link that is not a link: nothing is sent; the fields say why. */
export const InvalidLinksEnglish: Story = {
  globals: { locale: "en" },
  args: { email: { callLink: "", viewingLink: "not a link" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Send Email" }));
    await expect(args.send).not.toHaveBeenCalledWith({ type: "email.send" });
    await expect(c.getByLabelText(/^Call link/)).toHaveFocus();
    await expect(c.getByText("Enter a link, starting with https://")).toBeVisible();
    await expect(c.getByText("This is not a web link. Use a full address starting with https://")).toBeVisible();
  },
};

export const InvalidLinksArabic: Story = {
  globals: { locale: "ar" },
  args: { email: { callLink: "", viewingLink: "not a link" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "إرسال البريد الإلكتروني" }));
    await expect(args.send).not.toHaveBeenCalledWith({ type: "email.send" });
    await expect(c.getByText("أدخل رابطًا يبدأ بـ https://")).toBeVisible();
  },
};
