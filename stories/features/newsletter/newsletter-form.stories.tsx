import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";

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
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Subscribe" }));
    await expect(await c.findByText("Please enter a valid email address")).toBeInTheDocument();
    await userEvent.type(c.getByRole("textbox"), "not an email");
    await userEvent.click(c.getByRole("button", { name: "Subscribe" }));
    await expect(args.subscribe).not.toHaveBeenCalled();
  },
};

export const Subscribed: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox"), "agent@gulfhomes.ae");
    await userEvent.click(c.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(args.subscribe).toHaveBeenCalledWith("agent@gulfhomes.ae", expect.objectContaining({ locale: "en" })));
    await expect(await c.findByText("Thank you for subscribing!")).toBeInTheDocument();
  },
};

export const SubscribedArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox"), "agent@gulfhomes.ae");
    await userEvent.click(c.getByRole("button", { name: "اشترك" }));
    await expect(await c.findByText("شكرًا لاشتراكك!")).toBeInTheDocument();
  },
};

export const Submitting: Story = {
  globals: { locale: "en" },
  args: { subscribe: fn(() => new Promise(() => undefined)) as never },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole("textbox"), "agent@gulfhomes.ae");
    await userEvent.click(c.getByRole("button", { name: "Subscribe" }));
    await expect(await c.findByRole("button", { name: /Subscribing/ })).toBeDisabled();
  },
};
