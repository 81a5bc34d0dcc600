import { List, Text } from "@chakra-ui/react";
import { msg, plural } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ListingLine } from "@/features/demo/components/listing-line";
import { LISTINGS, type ListingId, listingById } from "@/features/demo/content/listings";
import { intlLocale } from "@/lib/i18n/locale";
import { localeOf, translator } from "../../support/i18n";

/**
 * One matched property as the follow-up messages write it ("**Building, Area**: 2 bedrooms, AED
 * 2,450,000"), in the story's language: the building and area translated, the bedroom count an ICU
 * plural, the price formatted by Intl and isolated (<bdi>) so its digits keep their order in Arabic.
 */
const meta = {
  title: "Features/Demo/Parts/ListingLine",
  component: ListingLine,
  args: { id: "dubai-marina" },
  parameters: { route: "/demo", layout: "padded" },
  render: (args) => (
    <Text data-testid="line">
      <ListingLine {...args} />
    </Text>
  ),
} satisfies Meta<typeof ListingLine>;
export default meta;
type Story = StoryObj<typeof meta>;

type Context = Parameters<NonNullable<Story["play"]>>[0];

/** The whole line of a listing in the story's language (the matcher collapses Intl's no-break spaces). */
function expectedLine(id: ListingId, context: Context) {
  const t = translator(context);
  const locale = localeOf(context);
  const l = listingById(id);
  const count = l.bedrooms;
  const aed = new Intl.NumberFormat(intlLocale[locale], { style: "currency", currency: "AED", maximumFractionDigits: 0 });
  const comma = locale === "ar" ? "، " : ", ";
  const bedrooms = t(msg({ message: plural(count, { one: "# bedroom", other: "# bedrooms" }) }));
  return {
    name: `${t(l.building)}${comma}${t(l.location)}`,
    text: `${t(l.building)}${comma}${t(l.location)}: ${bedrooms}${comma}${aed.format(l.price)}`.replace(/\s+/g, " "),
    price: aed.format(l.price).replace(/\s+/g, " "),
  };
}

const checkLine = (id: ListingId) => async (context: Context) => {
  const line = within(context.canvasElement).getByTestId("line");
  const expected = expectedLine(id, context);
  await expect(line).toHaveTextContent(expected.text);
  // The building and area are the bold part; the price is isolated from the surrounding direction.
  await expect(line.querySelector("span")).toHaveTextContent(expected.name);
  await expect(line.querySelector("bdi")).toHaveTextContent(expected.price);
};

/** Two bedrooms in Dubai Marina: the default first match. */
export const TwoBedrooms: Story = { play: checkLine("dubai-marina") };

/** One bedroom: the singular form of the plural ("1 bedroom"; Arabic's own form for one). */
export const OneBedroom: Story = { args: { id: "downtown-dubai" }, play: checkLine("downtown-dubai") };

/** The villa: four bedrooms and a seven-digit price. */
export const Villa: Story = { args: { id: "arabian-ranches-2" }, play: checkLine("arabian-ranches-2") };

/** The lowest price (six digits) with a short area name. */
export const LowestPrice: Story = { args: { id: "jvc" }, play: checkLine("jvc") };

/** The five sample listings one under another, as the edit step's options list them. */
export const AllListings: Story = {
  render: () => (
    <List.Root as="ol" ps="5" gap="2">
      {LISTINGS.map((l) => (
        <List.Item key={l.id} data-testid={`line-${l.id}`}>
          <ListingLine id={l.id} />
        </List.Item>
      ))}
    </List.Root>
  ),
  play: async (context) => {
    const c = within(context.canvasElement);
    await expect(c.getAllByRole("listitem")).toHaveLength(LISTINGS.length);
    for (const l of LISTINGS) await expect(c.getByTestId(`line-${l.id}`)).toHaveTextContent(expectedLine(l.id, context).text);
  },
};
