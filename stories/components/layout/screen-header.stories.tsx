import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, Flex } from "@chakra-ui/react";
import { RotateCw, UserPlus } from "lucide-react";
import { expect, within } from "storybook/test";
import { ScreenHeader } from "@/components/layout/screen-header";
import { translator } from "../../support/i18n";

/** The top row of an admin screen, with the team screen's messages in the story's language. */
const meta = {
  title: "Components/Layout/ScreenHeader",
  component: ScreenHeader,
  args: { title: "" },
  render: (args, context) => {
    const t = translator(context);
    return (
      <ScreenHeader
        {...args}
        title={t(msg`Team`)}
        description={
          args.description === undefined
            ? undefined
            : t(msg`Owners manage everything and the team; editors write posts; sales work on leads, bookings and mail.`)
        }
        actions={
          args.actions ? (
            <Flex gap="2">
              <Button variant="outline">
                <RotateCw aria-hidden="true" />
                {t(msg`Refresh`)}
              </Button>
              <Button colorPalette="brand">
                <UserPlus aria-hidden="true" />
                {t(msg`Invite`)}
              </Button>
            </Flex>
          ) : undefined
        }
      />
    );
  },
  parameters: { layout: "padded", route: "/admin/team" },
} satisfies Meta<typeof ScreenHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, line and actions (under the title on a phone, at the end of the row from md up). */
export const Full: Story = {
  args: { description: "yes", actions: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(within(canvasElement).getByRole("heading", { level: 1, name: t(msg`Team`) })).toBeInTheDocument();
    await expect(within(canvasElement).getByRole("button", { name: t(msg`Invite`) })).toBeInTheDocument();
  },
};

/** The title alone. */
export const TitleOnly: Story = {};

/** A live line (a count that follows the filters). */
export const LiveDescription: Story = {
  args: { description: "yes", live: true },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(
      within(canvasElement).getByText(
        t(msg`Owners manage everything and the team; editors write posts; sales work on leads, bookings and mail.`),
      ),
    ).toHaveAttribute("aria-live", "polite");
  },
};
