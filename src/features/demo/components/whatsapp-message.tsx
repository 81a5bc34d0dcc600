import { Badge, Box, Circle, HStack, List, Stack, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCheck } from "lucide-react";
import type { ReactNode } from "react";
import { CTA_PHRASES, SAMPLE_LEAD_NUMBER } from "../content/listings";
import type { Matches } from "../machines/demo-flow.machine";
import { ListingLine } from "./listing-line";

export interface MessageView {
  matches: Matches;
  phrase: number;
  editing: number | null;
  submitted: boolean;
}

/** The follow-up as the lead would see it in WhatsApp. Choosing a row (click, tap, Enter, Space) marks it for editing. */
export function WhatsAppMessage({ matches, phrase, editing, submitted, onPick }: MessageView & { onPick?: (index: number) => void }) {
  const { i18n, t } = useLingui();
  // The avatar's initial is the first letter of the sample lead's name in the page's language (S, س).
  const initial = Array.from(t`Sara`)[0] ?? "";
  return (
    <Box rounded="card" overflow="hidden" borderWidth="1px" borderColor="border">
      <HStack bg="#075e54" color="white" px="4" py="3" gap="3">
        <Circle size="9" bg="brand.200" color="brand.950" fontWeight="700" aria-hidden="true">
          {initial}
        </Circle>
        <Stack gap="0">
          <Text fontWeight="700" lineHeight="1.3">
            <Trans>Sara (sample lead)</Trans>
          </Text>
          <Text fontSize="xs" color="whiteAlpha.800" dir="ltr" textAlign="start">
            <bdi>{SAMPLE_LEAD_NUMBER}</bdi>
          </Text>
        </Stack>
      </HStack>
      <Box bg="#ece5dd" px={{ base: "3", md: "5" }} py="5">
        <Box
          bg="#dcf8c6"
          color="ink.950"
          rounded="lg"
          borderStartEndRadius="0"
          ms="auto"
          maxW="lg"
          px="4"
          py="3"
          shadow="xs"
          data-testid="whatsapp-message"
        >
          <Text>
            <Trans>
              Hi Sara, thank you for your time on the call today! Based on what you told me, here are three homes that match what you are
              looking for:
            </Trans>
          </Text>
          <List.Root as="ol" listStyleType="decimal" ps="5" my="3" gap="2">
            {matches.map((id, index) => {
              const picked = editing === index;
              return (
                // Each property is a toggle button: a click, a tap, Enter or Space marks it for editing.
                <List.Item
                  key={`${index}-${id}`}
                  aria-current={picked || undefined}
                  bg={picked ? "sand.100" : undefined}
                  outline={picked ? "2px solid" : undefined}
                  outlineColor="sand.400"
                  rounded="sm"
                  px="1"
                  data-testid="match-row"
                >
                  <RowContent onPick={onPick ? () => onPick(index) : undefined} picked={picked}>
                    <ListingLine id={id} />
                  </RowContent>
                  {picked ? (
                    <Badge ms="2" colorPalette="sand" variant="solid" size="sm">
                      <Trans>Selected for editing</Trans>
                    </Badge>
                  ) : null}
                </List.Item>
              );
            })}
          </List.Root>
          <Text data-testid="cta-line">{i18n._(CTA_PHRASES[phrase] ?? CTA_PHRASES[0]!)}</Text>
          <HStack justify="end" gap="1" mt="1" fontSize="xs" color="ink.600">
            {submitted ? (
              <>
                <Box color="#34b7f1" aria-hidden="true">
                  <CheckCheck size={16} />
                </Box>
                <Text as="span">
                  <Trans>Sent</Trans>
                </Text>
              </>
            ) : (
              <Text as="span">
                <Trans>Draft</Trans>
              </Text>
            )}
          </HStack>
        </Box>
      </Box>
    </Box>
  );
}

/** A row's text: a toggle button when rows can be picked, plain text otherwise. */
function RowContent({ onPick, picked, children }: { onPick?: () => void; picked: boolean; children: ReactNode }) {
  if (!onPick) return <>{children}</>;
  return (
    <chakra.button
      type="button"
      onClick={onPick}
      aria-pressed={picked}
      textAlign="start"
      cursor="pointer"
      rounded="sm"
      _hover={{ bg: "sand.50" }}
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.solid", outlineOffset: "1px" }}
    >
      {children}
    </chakra.button>
  );
}
