import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { FallbackImage } from "@/components/fallback-image";

/** A one-pixel PNG: an image that always loads, with no network. */
const dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const placeholder = (
  <Box data-testid="placeholder" role="img" aria-label="Placeholder" w="240px" h="135px" bg="brand.subtle" rounded="md" />
);

/** An image that gives way to a designed stand-in when its URL is broken (article hero, blog cards). */
const meta = {
  title: "Components/FallbackImage",
  component: FallbackImage,
  args: { src: dot, alt: "Wasla", width: 64, height: 64, fallback: placeholder },
} satisfies Meta<typeof FallbackImage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The image loads: no placeholder. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole("img", { name: "Wasla" });
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(within(canvasElement).queryByTestId("placeholder")).toBeNull();
  },
};

/** A broken URL: the placeholder replaces the browser's broken-image icon. */
export const Broken: Story = {
  args: { src: "/no-such-image.webp", alt: "Missing hero image" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByTestId("placeholder")).toBeInTheDocument());
    await expect(within(canvasElement).queryByRole("img", { name: "Missing hero image" })).toBeNull();
  },
};
