/**
 * Who owns the sales-lead form's location fields (docs/product.md#leads): the country
 * group (UAE, the default, or Others), the dial code and the city. Changing group resets the dial code
 * to the group's first code and clears the city; after a submit everything returns to UAE.
 * Pure: no side effects, the option lists live outside (the first code of each group comes as input).
 */
import { assign, setup } from "xstate";

export type LeadGroup = "UAE" | "Others";

interface LeadLocationContext {
  group: LeadGroup;
  countryCode: string;
  city: string;
  firstCodes: Record<LeadGroup, string>;
}

type LeadLocationEvent =
  | { type: "group.change"; group: LeadGroup }
  | { type: "code.change"; code: string }
  | { type: "city.change"; city: string }
  | { type: "form.reset" };

interface LeadLocationInput {
  firstCodes?: Partial<Record<LeadGroup, string>>;
}

/** UAE is +971 (docs/product.md#leads); the Others list is sorted by dial code, so it starts at +1. */
const DEFAULT_FIRST_CODES: Record<LeadGroup, string> = { UAE: "+971", Others: "+1" };

export const leadLocationMachine = setup({
  types: {
    context: {} as LeadLocationContext,
    events: {} as LeadLocationEvent,
    input: {} as LeadLocationInput | undefined,
  },
  guards: {
    choosesOthers: ({ event }) => event.type === "group.change" && event.group === "Others",
    choosesUae: ({ event }) => event.type === "group.change" && event.group === "UAE",
  },
  actions: {
    enterUae: assign(({ context }) => ({ group: "UAE" as const, countryCode: context.firstCodes.UAE, city: "" })),
    enterOthers: assign(({ context }) => ({ group: "Others" as const, countryCode: context.firstCodes.Others, city: "" })),
    setCode: assign({ countryCode: ({ context, event }) => (event.type === "code.change" ? event.code : context.countryCode) }),
    setCity: assign({ city: ({ context, event }) => (event.type === "city.change" ? event.city : context.city) }),
  },
}).createMachine({
  id: "leadLocation",
  context: ({ input }) => {
    const firstCodes = { ...DEFAULT_FIRST_CODES, ...input?.firstCodes };
    return { group: "UAE", countryCode: firstCodes.UAE, city: "", firstCodes };
  },
  initial: "uae",
  on: {
    "code.change": { actions: "setCode" },
    "city.change": { actions: "setCity" },
    "form.reset": { target: ".uae", actions: "enterUae" },
  },
  states: {
    uae: {
      on: {
        "group.change": [
          { guard: "choosesOthers", target: "others", actions: "enterOthers" },
          { guard: "choosesUae", actions: "enterUae" },
        ],
      },
    },
    others: {
      on: {
        "group.change": [
          { guard: "choosesUae", target: "uae", actions: "enterUae" },
          { guard: "choosesOthers", actions: "enterOthers" },
        ],
      },
    },
  },
});
