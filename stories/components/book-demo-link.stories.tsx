import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "@chakra-ui/react";
import { CalendarCheck } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { BookDemoLink } from "@/components/book-demo-link";
import { localeOf, translator } from "../support/i18n";

/**
 * "Book a demo" (the footer's link, the hero's button): the booking page's address, for a visitor
 * without JavaScript; with it, a button that opens the dialog. In the story's language and direction.
 */
const meta = {
  title: "Components/BookDemoLink",
  component: BookDemoLink,
  args: { onOpen: fn() },
  render: (args, context) => <BookDemoLink {...args}>{translator(context)(msg`Book a demo`)}</BookDemoLink>,
  parameters: { layout: "padded", route: "/" },
} satisfies Meta<typeof BookDemoLink>;
export default meta;
type Story = StoryObj<typeof meta>;

const opensTheDialog: Story["play"] = async ({ canvasElement, args, ...context }) => {
  const t = translator(context);
  const link = within(canvasElement).getByRole("button", { name: t(msg`Book a demo`) });
  await expect(link).toHaveAttribute("href", localeOf(context) === "en" ? "/en/book" : "/book");
  await expect(link).toHaveAttribute("data-js-action", "demo");
  await userEvent.click(link);
  await expect(args.onOpen).toHaveBeenCalledOnce();
  await expect(within(canvasElement).getByRole("button", { name: t(msg`Book a demo`) })).toBeVisible();
};

/** A text link (the footer's): named a button, it opens the dialog and stays on the page. */
export const Link: Story = { play: opensTheDialog };

/** Inside a button (the hero's Book a Demo, with its icon). */
export const AsButton: Story = {
  render: (args, context) => (
    <Button asChild type={undefined} size="lg" colorPalette="sand" rounded="pill">
      <BookDemoLink {...args} _hover={{ textDecoration: "none" }}>
        <CalendarCheck aria-hidden="true" />
        {translator(context)(msg`Book a demo`)}
      </BookDemoLink>
    </Button>
  ),
  play: opensTheDialog,
};
