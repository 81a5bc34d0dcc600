import { Button, Flex } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { FreeSlot } from "@/lib/submit/outbox";

interface NextFreeTimesProps {
  /** The next free times; none: nothing is shown. */
  slots: FreeSlot[];
  /** A time as the visitor reads it (day and time, in their clock). */
  label: (slot: FreeSlot) => string;
  onPick: (slot: FreeSlot) => void;
  /** While a pick is being booked. */
  disabled?: boolean;
  /** The buttons' background: the page's inside a coloured alert (default: the button's own). */
  bg?: string;
}

/** The next free times as a list of buttons, when the time a visitor chose is gone; one books that time. */
export function NextFreeTimes({ slots, label, onPick, disabled, bg }: NextFreeTimesProps) {
  const { t } = useLingui();
  if (!slots.length) return null;
  return (
    <Flex as="ul" wrap="wrap" gap="2" listStyleType="none" m="0" p="0" aria-label={t`Next free times`}>
      {slots.map((s) => (
        <li key={s.start}>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            bg={bg}
            whiteSpace="normal"
            h="auto"
            py="1.5"
            disabled={disabled}
            onClick={() => onPick(s)}
          >
            {label(s)}
          </Button>
        </li>
      ))}
    </Flex>
  );
}
