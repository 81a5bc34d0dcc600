import { Box, Button, HStack, Input, List, Stack, Text } from "@chakra-ui/react";
import { FieldFrame } from "@/components/forms/fields";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { Send } from "lucide-react";
import { CTA_PHRASES } from "../content/listings";
import { type DemoFlowEvent, type EmailLinks, type Matches, isWebLink } from "../machines/demo-flow.machine";
import { BackButton } from "./back-button";
import { StepFrame } from "./step-frame";
import { ListingLine } from "./listing-line";

interface EmailView {
  matches: Matches;
  phrase: number;
  email: EmailLinks;
}

/** One of the email's links: required, a web link; the error shows once Send was tried (`bad`). */
function LinkField({
  label,
  field,
  email,
  bad,
  inputRef,
  send,
}: {
  label: ReactNode;
  field: keyof EmailLinks;
  email: EmailLinks;
  bad: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  send: (e: DemoFlowEvent) => void;
}) {
  const { t } = useLingui();
  const value = email[field];
  const message =
    value.trim() === "" ? t`Enter a link, starting with https://` : t`This is not a web link. Use a full address starting with https://`;
  return (
    <FieldFrame label={label} required error={bad ? { message } : undefined}>
      <Input
        ref={inputRef}
        type="url"
        dir="ltr"
        inputMode="url"
        value={value}
        onChange={(e) => send({ type: "email.change", field, value: e.currentTarget.value })}
      />
    </FieldFrame>
  );
}

export function EmailStep({ matches, phrase, email, send }: EmailView & { send: (e: DemoFlowEvent) => void }) {
  const { t, i18n } = useLingui();
  const subject = t`Your curated property matches in Dubai`;
  // Errors show once Send was tried, then follow the typing.
  const [tried, setTried] = useState(false);
  const callInput = useRef<HTMLInputElement>(null);
  const viewingInput = useRef<HTMLInputElement>(null);
  const callBad = tried && !isWebLink(email.callLink);
  const viewingBad = tried && !isWebLink(email.viewingLink);
  return (
    <StepFrame
      maxW="3xl"
      title={<Trans>Send the follow-up by email</Trans>}
      lead={<Trans>The same matches, written for the inbox, with links to book a call or a viewing.</Trans>}
    >
      <Stack gap="5">
        <Box borderWidth="1px" rounded="card" overflow="hidden">
          <Stack gap="1" bg="bg.subtle" px="5" py="3" borderBottomWidth="1px" fontSize="sm">
            <Text>
              <Text as="span" color="fg.muted">
                <Trans>To:</Trans>
              </Text>{" "}
              <bdi>sara@example.com</bdi>
            </Text>
            <Text>
              <Text as="span" color="fg.muted">
                <Trans>Subject:</Trans>
              </Text>{" "}
              <Text as="span" fontWeight="700" data-testid="email-subject">
                {subject}
              </Text>
            </Text>
          </Stack>
          <Stack gap="3" px="5" py="4" data-testid="email-body">
            <Text>
              <Trans>Dear Sara,</Trans>
            </Text>
            <Text>
              <Trans>Thank you for speaking with me today. As promised, here are the properties that best match your brief:</Trans>
            </Text>
            <List.Root as="ol" listStyleType="decimal" ps="5" gap="1">
              {matches.map((id, i) => (
                <List.Item key={`${i}-${id}`}>
                  <ListingLine id={id} />
                </List.Item>
              ))}
            </List.Root>
            <Text>
              <Trans>
                Book a call with me: <bdi dir="ltr">{email.callLink}</bdi>
              </Trans>
            </Text>
            <Text>
              <Trans>
                Book a viewing: <bdi dir="ltr">{email.viewingLink}</bdi>
              </Trans>
            </Text>
            <Text>{i18n._(CTA_PHRASES[phrase] ?? CTA_PHRASES[0]!)}</Text>
            <Text>
              <Trans>Best regards,</Trans>
            </Text>
          </Stack>
        </Box>

        <LinkField label={<Trans>Call link</Trans>} field="callLink" email={email} bad={callBad} inputRef={callInput} send={send} />
        <LinkField
          label={<Trans>Viewing link</Trans>}
          field="viewingLink"
          email={email}
          bad={viewingBad}
          inputRef={viewingInput}
          send={send}
        />

        <HStack justify="space-between" flexWrap="wrap" gap="3">
          <BackButton onClick={() => send({ type: "demo.back" })}>
            <Trans>Back to the message</Trans>
          </BackButton>
          <Button
            colorPalette="brand"
            onClick={() => {
              setTried(true);
              if (!isWebLink(email.callLink)) return callInput.current?.focus();
              if (!isWebLink(email.viewingLink)) return viewingInput.current?.focus();
              send({ type: "email.send" });
            }}
          >
            <Send aria-hidden="true" />
            <Trans>Send Email</Trans>
          </Button>
        </HStack>
      </Stack>
    </StepFrame>
  );
}
