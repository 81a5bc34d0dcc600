import { Box } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { containing, localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Features/Newsletter/NewsletterForm",
  component: NewsletterForm,
  args: { subscribe: fn(async () => ({ status: "sent" as const, id: "n" })) },
  decorators: [
    (Story) => (
      <Box bg="bg.hero" color="ink.200" p="8" maxW="md">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof NewsletterForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Subscribe`) }));
    await expect(await c.findByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await userEvent.type(c.getByRole("textbox"), "not an email");
    await userEvent.click(c.getByRole("button", { name: t(msg`Subscribe`) }));
    await expect(args.subscribe).not.toHaveBeenCalled();
  },
};

/** The subscription is sent with the page's language (the newsletter is mailed in it). */
export const Subscribed: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox"), "agent@gulfhomes.ae");
    await userEvent.click(c.getByRole("button", { name: t(msg`Subscribe`) }));
    await waitFor(() =>
      expect(args.subscribe).toHaveBeenCalledWith("agent@gulfhomes.ae", expect.objectContaining({ locale: localeOf(context) })),
    );
    await expect(await c.findByText(t(msg`Thank you for subscribing!`))).toBeInTheDocument();
  },
};

export const Submitting: Story = {
  args: { subscribe: fn(() => new Promise(() => undefined)) as never },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox"), "agent@gulfhomes.ae");
    await userEvent.click(c.getByRole("button", { name: t(msg`Subscribe`) }));
    await expect(await c.findByRole("button", { name: containing(t(msg`Subscribing…`)) })).toBeDisabled();
  },
};
