/** The market a booking form shows (docs/markets.md): chosen, else from the form's country, the page, the browser's zone. */
import { useEffect, useState } from "react";
import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/min";
import { loadMarkets as loadMarketsFromServer } from "@/lib/booking/booking-slots-client";
import { DEFAULT_MARKETS, type Market, pickMarket } from "@/lib/booking/markets";
import { browserTimeZone } from "@/lib/booking/slot-label";

export type LoadMarkets = () => Promise<Market[]>;

/** The country (ISO alpha-2) of one of the markets whose calling code is `dial` ("+1" → "CA"). */
function countryOfDial(markets: readonly Market[], dial: string | undefined): string | undefined {
  if (!dial) return undefined;
  for (const m of markets) {
    for (const c of m.countryCodes) {
      try {
        if (`+${getCountryCallingCode(c as CountryCode)}` === dial) return c;
      } catch {
        /* not a calling region */
      }
    }
  }
  return undefined;
}

interface MarketHintsOfForm {
  /** The country chosen in the form (ISO alpha-2). */
  countryIso?: string;
  /** Or the dial code chosen in the form ("+1"). */
  dial?: string;
  /** The page's market (an article about Canada). */
  pageMarket?: string;
  /** The visitor's zone (the browser's by default; stories pin one). */
  visitorTimeZone?: string;
  loadMarkets?: LoadMarkets;
}

export function useBookingMarket({
  countryIso,
  dial,
  pageMarket,
  visitorTimeZone,
  loadMarkets = loadMarketsFromServer,
}: MarketHintsOfForm) {
  const [markets, setMarkets] = useState<readonly Market[]>(DEFAULT_MARKETS);
  const [chosen, setChosen] = useState<string | null>(null);
  // The browser's zone is read after hydration: the server's would differ, and so would the first render.
  const [zone, setZone] = useState<string | undefined>(visitorTimeZone);
  useEffect(() => setZone(visitorTimeZone ?? browserTimeZone()), [visitorTimeZone]);
  useEffect(() => {
    let live = true;
    loadMarkets().then(
      (ms) => live && ms.length > 0 && setMarkets(ms),
      () => undefined, // the seeded calendars stay; the server checks every booking anyway
    );
    return () => {
      live = false;
    };
  }, [loadMarkets]);
  const country = countryIso ?? countryOfDial(markets, dial);
  const market = pickMarket(markets, { market: chosen, countryIso: country, pageMarket, timeZone: zone }) ?? DEFAULT_MARKETS[0]!;
  return {
    markets,
    market,
    choose: setChosen,
    visitorTimeZone: zone,
    /** What the slot fields (DemoSlotFields) take of it. */
    fields: { visitorTimeZone: zone, market, markets, onMarketChange: setChosen },
  };
}
