import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { NewLeadsCardView } from "@/features/admin-leads/components/new-leads-card";

const meta = {
  title: "Admin/Leads/NewLeadsCard",
  component: NewLeadsCardView,
  args: { count: 7 },
  decorators: [(Story) => <Box maxW="xs" p="4">{Story()}</Box>],
  parameters: { route: "/admin" },
} satisfies Meta<typeof NewLeadsCardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const One: Story = { globals: { locale: "en" }, args: { count: 1 } };
export const Two: Story = { args: { count: 2 } };
export const None: Story = { args: { count: 0 } };
export const Loading: Story = { args: { count: null } };
