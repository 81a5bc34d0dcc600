import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EmailStep } from "@/features/demo/components/email-step";
import { DEFAULT_EMAIL_LINKS } from "@/features/demo/machines/demo-flow.machine";
import { localeOf, startingWith, translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/8 Email",
  component: EmailStep,
  args: { send: fn(), matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0, email: DEFAULT_EMAIL_LINKS },
  parameters: { route: "/demo" },
} satisfies Meta<typeof EmailStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The subject in the story's language; the link fields show the flow's default links. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByTestId("email-subject")).toHaveTextContent(t(msg`Your curated property matches in Dubai`));
    await expect(c.getByLabelText(startingWith(t(msg`Call link`)))).toHaveValue(DEFAULT_EMAIL_LINKS.callLink);
    await expect(c.getByLabelText(startingWith(t(msg`Viewing link`)))).toHaveValue(DEFAULT_EMAIL_LINKS.viewingLink);
  },
};

/** The matches are joined with the language's own comma (the Arabic comma in Arabic), as in the WhatsApp message. */
export const ListSeparators: Story = {
  play: async ({ canvasElement, ...context }) => {
    const list = within(canvasElement).getByTestId("email-body").querySelector("ol")?.textContent ?? "";
    const [own, other] = localeOf(context) === "ar" ? ["، ", ", "] : [", ", "، "];
    await expect(list).toContain(own);
    await expect(list).not.toContain(other);
  },
};

/** Send with an empty call link and a viewing link that is not a link: nothing is sent; the fields say why. */
export const InvalidLinks: Story = {
  args: { email: { callLink: "", viewingLink: "not a link" } },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Send Email`) }));
    await expect(args.send).not.toHaveBeenCalledWith({ type: "email.send" });
    await expect(c.getByLabelText(startingWith(t(msg`Call link`)))).toHaveFocus();
    await expect(c.getByText(t(msg`Enter a link, starting with https://`))).toBeVisible();
    await expect(c.getByText(t(msg`This is not a web link. Use a full address starting with https://`))).toBeVisible();
  },
};
