import { HStack, RadioGroup } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { type Market, marketName } from "@/lib/booking/markets";
import { useLocale } from "@/lib/i18n/locale-context";

interface MarketSwitcherProps {
  markets: readonly Pick<Market, "id" | "nameEn" | "nameAr">[];
  value: string;
  onChange: (market: string) => void;
}

/**
 * Which market's calendar the booking form shows (docs/markets.md): "Times for: UAE · Canada". A radio
 * group (arrow keys move, the label names it); nothing when there is only one market.
 */
export function MarketSwitcher({ markets, value, onChange }: MarketSwitcherProps) {
  const { locale } = useLocale();
  if (markets.length < 2) return null;
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(d) => d.value && onChange(d.value)}
      orientation="horizontal"
      size="sm"
      colorPalette="brand"
      gridColumn="1 / -1"
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      gap="3"
    >
      <RadioGroup.Label fontWeight="medium">
        <Trans>Times for:</Trans>
      </RadioGroup.Label>
      <HStack gap="4" wrap="wrap">
        {markets.map((m) => (
          <RadioGroup.Item key={m.id} value={m.id} data-testid={`market-${m.id}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{marketName(m, locale)}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
