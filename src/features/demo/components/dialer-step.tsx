import { Box, Button, Circle, Flex, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Delete, Phone, PhoneOff } from "lucide-react";
import { useEffect } from "react";
import { SAMPLE_LEAD_NUMBER } from "../content/listings";
import { type CallStatus, DIAL_KEYS, type DialerCallEvent, isDialKey } from "../machines/dialer-call.machine";
import { BackButton } from "./back-button";
import { StepFrame } from "./step-frame";
import { useDemoFormat } from "./use-demo-format";

interface CallView {
  status: CallStatus;
  number: string;
  /** Seconds recorded. */
  elapsed: number;
}

const LETTERS: Record<string, string> = {
  "2": "ABC",
  "3": "DEF",
  "4": "GHI",
  "5": "JKL",
  "6": "MNO",
  "7": "PQRS",
  "8": "TUV",
  "9": "WXYZ",
  "0": "+",
};

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
/** A focused control Enter should press; a keypad digit is not one (after clicking digits, Enter calls). */
const isActivatable = (el: EventTarget | null) =>
  el instanceof HTMLElement && ["BUTTON", "A"].includes(el.tagName) && !el.hasAttribute("data-dial-key");

/** Typing on the page dials: digits, * and #, Backspace/Delete, Enter to call. */
function useKeyboardDialing(active: boolean, send: (e: DialerCallEvent) => void) {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isEditable(e.target)) return;
      if (isDialKey(e.key)) {
        e.preventDefault();
        send({ type: "key.press", key: e.key });
      } else if (e.key === "Backspace" || e.key === "Delete") {
        e.preventDefault();
        send({ type: "key.delete" });
      } else if (e.key === "Enter" && !isActivatable(e.target)) {
        // On a focused button (but a keypad digit) Enter presses that button instead.
        e.preventDefault();
        send({ type: "call.start" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, send]);
}

function StatusLine({ status, number }: { status: CallStatus; number: string }) {
  switch (status) {
    case "idle":
      return <Trans>Type a number on the keypad or your keyboard, then press call.</Trans>;
    case "dialing":
      return (
        <Trans>
          Calling <bdi dir="ltr">{number}</bdi>…
        </Trans>
      );
    case "connecting":
      return (
        <Trans>
          Connecting to the sample lead at <bdi dir="ltr">{SAMPLE_LEAD_NUMBER}</bdi>…
        </Trans>
      );
    case "recording":
      return <Trans>Connected. The call is being recorded.</Trans>;
    case "ending":
    case "ended":
      return <Trans>Call ended. Preparing the analysis…</Trans>;
  }
}

export function DialerStep({ call, send, onBack }: { call: CallView; send: (e: DialerCallEvent) => void; onBack: () => void }) {
  const { t } = useLingui();
  const fmt = useDemoFormat();
  const idle = call.status === "idle";
  const live = call.status === "connecting" || call.status === "recording";
  useKeyboardDialing(idle, send);

  const shownNumber = live ? SAMPLE_LEAD_NUMBER : call.number;

  return (
    <StepFrame
      maxW="md"
      title={<Trans>Dial a lead</Trans>}
      lead={<Trans>This call is simulated: nobody is really called, and no number you type is stored.</Trans>}
    >
      <Stack gap="5" align="stretch">
        <Stack
          gap="1"
          align="center"
          bg="bg.hero"
          color="white"
          rounded="card"
          px="4"
          py="5"
          minH="32"
          justify="center"
          data-status={call.status}
        >
          <Text
            as="output"
            dir="ltr"
            fontSize={{ base: "2xl", sm: "3xl" }}
            fontWeight="600"
            letterSpacing={{ base: "wide", sm: "wider" }}
            fontVariantNumeric="tabular-nums"
            whiteSpace="nowrap"
            minH="10"
            aria-label={t`Number`}
            data-testid="dialer-number"
          >
            {shownNumber}
          </Text>
          {call.status === "recording" ? (
            <HStack gap="3" data-testid="call-timer">
              <HStack gap="1.5" color="red.300" fontWeight="700" fontSize="sm">
                <Circle size="2.5" bg="red.500" animation="pulse 1.2s ease-in-out infinite" aria-hidden="true" />
                <span>REC</span>
              </HStack>
              <Text as="span" fontVariantNumeric="tabular-nums" fontSize="lg" dir="ltr">
                <VisuallyHidden>
                  <Trans>Call time</Trans>{" "}
                </VisuallyHidden>
                {fmt.timer(call.elapsed)}
              </Text>
            </HStack>
          ) : null}
          <Text role="status" aria-live="polite" data-testid="call-status" fontSize="sm" color="ink.200" textAlign="center">
            <StatusLine status={call.status} number={call.number} />
          </Text>
        </Stack>

        <SimpleGrid columns={3} gap="3" dir="ltr" role="group" aria-label={t`Keypad`} maxW="xs" w="full" mx="auto">
          {DIAL_KEYS.map((key) => (
            <Button
              key={key}
              variant="subtle"
              colorPalette="brand"
              h="16"
              rounded="full"
              flexDirection="column"
              gap="0"
              disabled={!idle}
              data-dial-key=""
              onClick={() => send({ type: "key.press", key })}
            >
              <Text as="span" fontSize="2xl" fontWeight="600" lineHeight="1">
                {key}
              </Text>
              <Text as="span" fontSize="2xs" letterSpacing="widest" color="fg.muted" aria-hidden="true" minH="3">
                {LETTERS[key] ?? ""}
              </Text>
            </Button>
          ))}
        </SimpleGrid>

        <Flex justify="center" align="center" gap="6" dir="ltr">
          {idle ? (
            <>
              <Box w="16" />
              <Button
                colorPalette="green"
                rounded="full"
                w="16"
                h="16"
                aria-label={t`Call`}
                disabled={call.number.length === 0}
                onClick={() => send({ type: "call.start" })}
              >
                <Phone aria-hidden="true" />
              </Button>
              <Button
                variant="plain"
                colorPalette="brand"
                w="16"
                onClick={() => send({ type: "key.delete" })}
                disabled={call.number.length === 0}
              >
                <Delete aria-hidden="true" />
                <Trans>Delete</Trans>
              </Button>
            </>
          ) : (
            <Button
              colorPalette="red"
              rounded="full"
              w="16"
              h="16"
              aria-label={t`End call`}
              disabled={call.status === "ending" || call.status === "ended"}
              onClick={() => send({ type: "call.end" })}
            >
              <PhoneOff aria-hidden="true" />
            </Button>
          )}
        </Flex>
        {idle ? (
          <BackButton onClick={onBack}>
            <Trans>Back</Trans>
          </BackButton>
        ) : null}
      </Stack>
    </StepFrame>
  );
}
