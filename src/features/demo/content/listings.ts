import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** A sample property listing (demo only; docs/product.md#demo). Prices are in UAE dirhams. */
export interface Listing {
  id: ListingId;
  location: MessageDescriptor;
  building: MessageDescriptor;
  bedrooms: number;
  /** Asking price in AED. */
  price: number;
}

export type ListingId = "dubai-marina" | "downtown-dubai" | "business-bay" | "jvc" | "arabian-ranches-2";

/** The five sample listings. The buildings are invented for the demo; the areas are real Dubai communities. */
export const LISTINGS: readonly Listing[] = [
  { id: "dubai-marina", location: msg`Dubai Marina`, building: msg`Marina Crest Tower`, bedrooms: 2, price: 2_450_000 },
  { id: "downtown-dubai", location: msg`Downtown Dubai`, building: msg`Boulevard Heights`, bedrooms: 1, price: 1_950_000 },
  { id: "business-bay", location: msg`Business Bay`, building: msg`Canal View Residences`, bedrooms: 2, price: 1_780_000 },
  { id: "jvc", location: msg`JVC`, building: msg`Circle Park Apartments`, bedrooms: 1, price: 865_000 },
  { id: "arabian-ranches-2", location: msg`Arabian Ranches 2`, building: msg`Palm Grove Villas`, bedrooms: 4, price: 4_200_000 },
];

export const listingById = (id: ListingId): Listing => LISTINGS.find((l) => l.id === id) ?? LISTINGS[0]!;

/** The three matches the demo proposes before any edit. */
export const DEFAULT_MATCHES: readonly [ListingId, ListingId, ListingId] = ["dubai-marina", "downtown-dubai", "business-bay"];

/** The ten closing call-to-action lines (docs/product.md#demo); the first is the default. */
export const CTA_PHRASES: readonly MessageDescriptor[] = [
  msg`Looking forward to your thoughts!`,
  msg`Would you like to book a viewing this week?`,
  msg`Shall I hold a viewing slot for you this Saturday?`,
  msg`Reply with the number of the one you like and I will arrange everything.`,
  msg`Happy to send the floor plans and service charges for any of these.`,
  msg`Would a quick call today help you decide?`,
  msg`Homes at these prices move fast. Shall I check availability for you?`,
  msg`Tell me which one fits best and I will share the payment plan.`,
  msg`I can arrange a video tour if you cannot visit in person.`,
  msg`Any questions? Just reply to this message, I am here to help.`,
];

/** The sample lead's number shown while the call connects: a fictional UAE mobile number. */
export const SAMPLE_LEAD_NUMBER = "+971 50 000 0000";
