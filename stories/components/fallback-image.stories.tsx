import { Box } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { FallbackImage } from "@/components/fallback-image";
import { inLocale } from "../support/i18n";

/** A one-pixel PNG: an image that always loads, with no network. */
const dot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** Alternative texts in the story's language. */
const texts = {
  ar: { logo: "وصلة", missing: "صورة المقال المفقودة", placeholder: "صورة بديلة" },
  en: { logo: "Wasla", missing: "Missing hero image", placeholder: "Placeholder" },
};
type Context = Parameters<typeof inLocale>[0];
const textsOf = (context: Context) => inLocale(context, texts);

/** An image that gives way to a designed stand-in when its URL is broken (article hero, blog cards). */
const meta = {
  title: "Components/FallbackImage",
  component: FallbackImage,
  args: { src: dot, alt: "", width: 64, height: 64, fallback: null },
  render: (args, context) => {
    const s = textsOf(context);
    const alt = args.alt || (args.src === dot ? s.logo : s.missing);
    const placeholder = (
      <Box data-testid="placeholder" role="img" aria-label={s.placeholder} w="240px" h="135px" bg="brand.subtle" rounded="md" />
    );
    return <FallbackImage {...args} alt={alt} fallback={args.fallback ?? placeholder} />;
  },
} satisfies Meta<typeof FallbackImage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The image loads: no placeholder. */
export const Loaded: Story = {
  play: async ({ canvasElement, ...context }) => {
    const img = within(canvasElement).getByRole("img", { name: textsOf(context).logo });
    await waitFor(() => expect((img as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
    await expect(within(canvasElement).queryByTestId("placeholder")).toBeNull();
  },
};

/** A broken URL: the placeholder replaces the browser's broken-image icon. */
export const Broken: Story = {
  args: { src: "/no-such-image.webp" },
  play: async ({ canvasElement, ...context }) => {
    await waitFor(() => expect(within(canvasElement).getByTestId("placeholder")).toBeInTheDocument());
    await expect(within(canvasElement).queryByRole("img", { name: textsOf(context).missing })).toBeNull();
  },
};
