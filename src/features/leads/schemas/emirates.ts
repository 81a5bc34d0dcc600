/** The seven emirates (docs/product.md#leads), the city list of the UAE group. Values stay English for the CRM. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export const EMIRATES: readonly { value: string; name: MessageDescriptor }[] = [
  { value: "Dubai", name: msg`Dubai` },
  { value: "Abu Dhabi", name: msg`Abu Dhabi` },
  { value: "Sharjah", name: msg`Sharjah` },
  { value: "Ajman", name: msg`Ajman` },
  { value: "Ras Al Khaimah", name: msg`Ras Al Khaimah` },
  { value: "Fujairah", name: msg`Fujairah` },
  { value: "Umm Al Quwain", name: msg`Umm Al Quwain` },
];
