import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { NewsletterComposer } from "@/features/admin-newsletters/components/newsletter-composer";
import { startingWith, translator } from "../../support/i18n";
import { sampleIssues, samplePosts } from "./fixtures";

const meta = {
  title: "Admin/Newsletters/NewsletterComposer",
  component: NewsletterComposer,
  args: {
    issue: null,
    posts: samplePosts,
    audience: 120,
    busy: null,
    error: null,
    onLanguage: fn(),
    onSave: fn(),
    onSendTest: fn(),
    onSend: fn(),
    onCancelIssue: fn(),
    onDelete: fn(),
    onBack: fn(),
  },
  parameters: { route: "/admin/newsletters" },
} satisfies Meta<typeof NewsletterComposer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new issue: nothing is sent without a subject and a body; Send now asks first, stating how many it reaches. */
export const NewIssue: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Send now`) }));
    await expect(c.getByText(t(msg`Write a subject.`))).toBeInTheDocument();
    await expect(args.onSend).not.toHaveBeenCalled();

    await userEvent.type(c.getByLabelText(startingWith(t(msg`Subject`))), "Hello");
    await userEvent.type(c.getByRole("textbox", { name: t(msg`Text`) }), "## Title{enter}{enter}Read **this** https://example.com/a");
    const preview = c.getByRole("region", { name: t(msg`Preview`) });
    await expect(within(preview).getByRole("heading", { name: "Title" })).toBeInTheDocument();
    await expect(within(preview).getByRole("link", { name: "https://example.com/a" })).toBeInTheDocument();

    await userEvent.click(c.getByRole("button", { name: t(msg`Send me a test`) }));
    await expect(args.onSendTest).toHaveBeenCalledWith(expect.objectContaining({ subject: "Hello" }));

    await userEvent.click(c.getByRole("button", { name: t(msg`Send now`) }));
    const dialog = await screen.findByRole("alertdialog");
    await expect(dialog).toHaveTextContent("120");
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Send to subscribers`) }));
    await expect(args.onSend).toHaveBeenCalledWith(
      expect.objectContaining({ subject: "Hello", body_html: expect.stringContaining("<h2") }),
      null,
    );
  },
};

/** Choosing a published post fills the subject and preheader and adds the post under the text. */
export const FromAPost: Story = {
  args: { issue: null },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.selectOptions(c.getByLabelText(t(msg`Make it from a published post (optional)`)), "p1");
    await expect(c.getByLabelText(startingWith(t(msg`Subject`)))).toHaveValue(samplePosts[0]!.title);
    const preview = c.getByRole("region", { name: t(msg`Preview`) });
    await waitFor(() => expect(within(preview).getByRole("link", { name: samplePosts[0]!.title })).toBeInTheDocument());
  },
};

export const Draft: Story = { args: { issue: sampleIssues[2]! } };
export const Saving: Story = { args: { issue: sampleIssues[2]!, busy: "saving" } };
export const Failed: Story = { args: { issue: sampleIssues[2]!, error: "This issue is no longer a draft" } };
export const NoSubscribers: Story = { args: { audience: 0 } };
export const CountingSubscribers: Story = { args: { audience: null, posts: null } };
export const Scheduled: Story = { args: { issue: sampleIssues[1]! } };
/** A sent Arabic issue: read-only, its figures and the link to its web version. */
export const Sent: Story = { args: { issue: sampleIssues[0]! } };
