import { Text } from "@chakra-ui/react";
import { type ListingId, listingById } from "../content/listings";
import { useDemoFormat } from "./use-demo-format";

/** A matched property as the follow-up messages write it: "**Building, Area**: 2 bedrooms, AED 2,450,000". */
export function ListingLine({ id }: { id: ListingId }) {
  const fmt = useDemoFormat();
  const l = listingById(id);
  return (
    <>
      <Text as="span" fontWeight="700">
        {fmt.building(l)}
        {fmt.comma}
        {fmt.location(l)}
      </Text>
      {": "}
      {fmt.bedrooms(l.bedrooms)}
      {fmt.comma}
      <bdi>{fmt.price(l.price)}</bdi>
    </>
  );
}
