import { HStack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { CloudAlert, CloudCheck, LoaderCircle } from "lucide-react";
import { useLocale } from "@/lib/i18n/locale-context";

export type AutosaveState = "idle" | "waiting" | "saving" | "saved" | "failed" | "paused";

interface AutosaveStatusProps {
  state: AutosaveState;
  /** When the last autosave was stored (ISO). */
  savedAt: string | null;
  /** A stored post autosaves on the server; a new one on this device until it is saved. */
  where: "server" | "device";
}

/**
 * The editor's autosave line (docs/admin-posts.md#never-lost): unsaved changes, saving, saved at a time
 * (on the server or on this device), or failed (retrying). Announced politely to screen readers.
 */
export function AutosaveStatus({ state, savedAt, where }: AutosaveStatusProps) {
  const { intl } = useLocale();
  const time = savedAt ? new Intl.DateTimeFormat(intl, { timeStyle: "short" }).format(new Date(savedAt)) : "";
  return (
    <HStack
      gap="1.5"
      fontSize="sm"
      color={state === "failed" ? "red.700" : "fg.muted"}
      minH="6"
      data-testid="autosave-status"
      data-state={state}
    >
      {state === "saving" ? <LoaderCircle aria-hidden="true" size={16} /> : null}
      {state === "saved" ? <CloudCheck aria-hidden="true" size={16} /> : null}
      {state === "failed" ? <CloudAlert aria-hidden="true" size={16} /> : null}
      <Text as="span" role="status" aria-live="polite">
        {state === "waiting" ? (
          <Trans>Unsaved changes…</Trans>
        ) : state === "saving" ? (
          <Trans>Saving a draft copy…</Trans>
        ) : state === "saved" ? (
          where === "server" ? (
            <Trans>Draft copy saved at {time}</Trans>
          ) : (
            <Trans>Draft copy saved on this device at {time}</Trans>
          )
        ) : state === "failed" ? (
          <Trans>Could not save a draft copy. Trying again…</Trans>
        ) : null}
      </Text>
    </HStack>
  );
}
