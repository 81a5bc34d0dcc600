import { Alert, Box, Button, CloseButton, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { AppLink } from "@/components/app-link";
import { browserTimeZone, slotLabel } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import type { FreeSlot, OutboxNotice as Notice } from "@/lib/submit/outbox";
import { NextFreeTimes } from "./next-free-times";

const BUSINESS_ZONE = "Asia/Dubai";

interface OutboxNoticeProps {
  /** Submissions waiting in the outbox. */
  pending: number;
  /** What the visitor must be shown about queued submissions the server did not store as sent. */
  notices?: Notice[];
  /** The notice whose picked time is being booked. */
  busy?: string | null;
  onPick?: (notice: Notice, slot: FreeSlot) => void;
  onDismiss?: (id: string) => void;
  /** The visitor's clock (stories fix it); the browser's by default. */
  visitorTimeZone?: string;
}

/**
 * The browser outbox on every public page (docs/product.md#submit): while anything waits, that the
 * details are saved on this device and will be sent when the connection returns; then, for a queued
 * booking whose time was taken meanwhile, that the team has the details, with the next free times to
 * book instead; for a queued submission the server refused, what and why. Each stays until dismissed.
 */
export function OutboxNotice({ pending, notices = [], busy = null, onPick, onDismiss, visitorTimeZone }: OutboxNoticeProps) {
  const { t } = useLingui();
  return (
    <>
      <div role="status" aria-live="polite">
        {pending > 0 ? (
          <HStack
            position="fixed"
            bottom="4"
            insetStart="4"
            zIndex="toast"
            bg="ink.900"
            color="white"
            px="4"
            py="2.5"
            rounded="lg"
            shadow="lg"
            gap="3"
            maxW="sm"
            fontSize="sm"
          >
            <Spinner size="sm" color="sand.300" aria-hidden="true" />
            <Text>
              <Trans>Your details are saved on this device and will be sent as soon as the connection returns.</Trans>
            </Text>
          </HStack>
        ) : null}
      </div>
      {notices.length ? (
        <Box
          as="section"
          aria-label={t`Messages about details you sent`}
          position="fixed"
          bottom={pending > 0 ? "20" : "4"}
          insetEnd="4"
          insetStart={{ base: "4", md: "auto" }}
          zIndex="toast"
          maxW={{ md: "md" }}
          maxH="70dvh"
          overflowY="auto"
          tabIndex={0}
          data-testid="outbox-notices"
        >
          <Stack gap="3">
            {notices.map((n) => (
              <NoticeCard
                key={n.id}
                notice={n}
                busy={busy === n.id}
                onPick={onPick}
                onDismiss={onDismiss}
                visitorTimeZone={visitorTimeZone}
              />
            ))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}

function useSlotText(timeZone: string | undefined, visitorTimeZone: string | undefined) {
  const { locale, intl } = useLocale();
  const visitor = visitorTimeZone ?? browserTimeZone();
  return (s: FreeSlot) => {
    const [y, m, d] = s.date.split("-").map(Number) as [number, number, number];
    const day = new Intl.DateTimeFormat(intl, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    return `\u2068${day}\u2069 · ${slotLabel(new Date(s.start), timeZone ?? BUSINESS_ZONE, visitor, locale)}`;
  };
}

interface NoticeCardProps {
  notice: Notice;
  busy: boolean;
  onPick?: (notice: Notice, slot: FreeSlot) => void;
  onDismiss?: (id: string) => void;
  visitorTimeZone?: string;
}

function NoticeCard({ notice: n, busy, onPick, onDismiss, visitorTimeZone }: NoticeCardProps) {
  const { t } = useLingui();
  const slotText = useSlotText(n.timeZone, visitorTimeZone);
  const dismiss = onDismiss ? (
    <CloseButton size="sm" aria-label={t`Dismiss`} onClick={() => onDismiss(n.id)} position="absolute" top="1" insetEnd="1" />
  ) : null;

  if (n.kind === "rebooked" && n.booked) {
    const when = slotText(n.booked);
    return (
      <Alert.Root status="success" shadow="lg" position="relative" pe="10" data-notice="rebooked">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <Trans>Demo Scheduled Successfully!</Trans>
          </Alert.Title>
          <Alert.Description>
            <Text>
              <Trans>Your demo is booked for {when}.</Trans>{" "}
              {n.queued ? (
                <Trans>Your booking is saved on this device and will be sent as soon as the connection returns.</Trans>
              ) : (
                <Trans>We'll send you a calendar invite and confirmation email shortly.</Trans>
              )}
            </Text>
          </Alert.Description>
        </Alert.Content>
        {dismiss}
      </Alert.Root>
    );
  }

  if (n.kind === "slot_lost") {
    const slots = n.nextSlots ?? [];
    const requested = n.requested
      ? slotText(n.requested)
      : `${String(n.envelope.payload.demoDate ?? "")} ${String(n.envelope.payload.demoTime ?? "")}`;
    return (
      <Alert.Root status="warning" shadow="lg" position="relative" pe="10" alignItems="start" data-notice="slot_lost">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {n.retaken ? (
              <Trans>That time was just taken too.</Trans>
            ) : n.passed ? (
              <Trans>The time you asked for has passed.</Trans>
            ) : (
              <Trans>The time you asked for was taken.</Trans>
            )}
          </Alert.Title>
          <Alert.Description>
            <Stack gap="2" mt="1">
              <Text>
                {n.passed && !n.retaken ? (
                  <Trans>Your booking for {requested} arrived after that time. We have your details and our team will be in touch.</Trans>
                ) : (
                  <Trans>Someone booked {requested} before your booking arrived. We have your details and our team will be in touch.</Trans>
                )}
              </Text>
              <Text>
                {slots.length ? <Trans>Or book one of the next free times now:</Trans> : <Trans>We will call you to agree a time.</Trans>}
              </Text>
              {slots.length ? <NextFreeTimes slots={slots} label={slotText} onPick={(s) => onPick?.(n, s)} disabled={busy} /> : null}
              {busy ? (
                <HStack gap="2" fontSize="sm">
                  <Spinner size="xs" aria-hidden="true" />
                  <Text>
                    <Trans>Booking…</Trans>
                  </Text>
                </HStack>
              ) : null}
            </Stack>
          </Alert.Description>
        </Alert.Content>
        {dismiss}
      </Alert.Root>
    );
  }

  return <RefusedCard notice={n} dismiss={dismiss} />;
}

function RefusedCard({ notice: n, dismiss }: { notice: Notice; dismiss: ReactNode }) {
  const { t } = useLingui();
  const what =
    n.envelope.formType === "demo_booking"
      ? t`your demo booking`
      : n.envelope.formType === "newsletter"
        ? t`your newsletter sign-up`
        : t`your request for a call`;
  const labels: Record<string, string> = {
    fullName: t`Full name`,
    email: t`Email`,
    phone: t`Phone`,
    phoneNumber: t`Phone number`,
    countryCode: t`Country code`,
    company: t`Company`,
    companyName: t`Company`,
    country: t`Country`,
    city: t`City`,
    preferredCallTime: t`Preferred call time`,
    demoDate: t`Demo date`,
    demoTime: t`Demo time`,
    consent: t`Consent`,
  };
  const fields = [...new Set(Object.keys(n.fields ?? {}).map((k) => labels[k.split(".")[0] ?? k] ?? k))];
  const list = fields.join(t`, `);
  const tooLarge = n.status === 413;
  return (
    <Alert.Root status="error" shadow="lg" position="relative" pe="10" alignItems="start" data-notice="refused">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>We could not send {what}.</Trans>
        </Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text>
              {fields.length ? (
                <Trans>It was refused because some details were not valid: {list}. Please send it again from the form.</Trans>
              ) : tooLarge ? (
                <Trans>It was refused because it was too large. Please send it again from the form.</Trans>
              ) : (
                <Trans>It was refused. Please send it again from the form, or contact us.</Trans>
              )}
            </Text>
            <Box>
              <Button asChild type={undefined} size="sm" variant="outline" colorPalette="brand" bg="bg">
                <AppLink to={n.envelope.path.replace(/^\/en(?=\/|$)/, "") || "/"}>
                  <Trans>Open the form</Trans>
                </AppLink>
              </Button>
            </Box>
          </Stack>
        </Alert.Description>
      </Alert.Content>
      {dismiss}
    </Alert.Root>
  );
}
