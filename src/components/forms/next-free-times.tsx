import { Button, Flex } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { FreeSlot } from "@/lib/submit/outbox";

interface NextFreeTimesProps {
  slots: readonly FreeSlot[];
  /** How a slot reads (its day and time, in the visitor's zone too where it differs). */
  label: (slot: FreeSlot) => string;
  onPick: (slot: FreeSlot) => void;
  disabled?: boolean;
}

/**
 * The next free times after a time was taken, one tap each to book instead: in the booking form after a 409
 * (SlotConflict) and in the outbox's notice when a queued booking lost its time (OutboxNotice).
 */
export function NextFreeTimes({ slots, label, onPick, disabled }: NextFreeTimesProps) {
  const { t } = useLingui();
  return (
    <Flex as="ul" wrap="wrap" gap="2" listStyleType="none" m="0" p="0" aria-label={t`Next free times`}>
      {slots.map((s) => (
        <li key={s.start}>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            bg="bg"
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
