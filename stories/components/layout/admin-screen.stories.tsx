import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button, Text } from "@chakra-ui/react";
import { RotateCw } from "lucide-react";
import { expect, within } from "storybook/test";
import { AdminScreen } from "@/components/layout/screen-header";
import { translator } from "../../support/i18n";

/** An admin screen's frame (the mail screen's header here), with a section under it, in the story's language. */
const meta = {
  title: "Components/Layout/AdminScreen",
  component: AdminScreen,
  args: { title: "", children: null },
  render: (args, context) => {
    const t = translator(context);
    return (
      <AdminScreen
        {...args}
        title={t(msg`Mail`)}
        description={t(msg`Every message and webhook delivery the site makes, with its status. Failed ones can be sent again.`)}
        actions={
          <Button variant="outline">
            <RotateCw aria-hidden="true" />
            {t(msg`Refresh`)}
          </Button>
        }
      >
        <Text color="fg.muted">{t(msg`No messages yet. They appear here as soon as a visitor sends a form.`)}</Text>
      </AdminScreen>
    );
  },
  parameters: { layout: "fullscreen", route: "/admin/mail" },
} satisfies Meta<typeof AdminScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Header (title, line, action) and the screen's section under it. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: t(msg`Mail`) })).toBeInTheDocument();
    await expect(c.getByRole("button", { name: t(msg`Refresh`) })).toBeInTheDocument();
    await expect(c.getByText(t(msg`No messages yet. They appear here as soon as a visitor sends a form.`))).toBeInTheDocument();
  },
};

/** A wider gap between sections (the dashboard's). */
export const WideGap: Story = { args: { gap: "8" } };
