import { Alert, Box, Button, Container, HStack, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AppLink } from "@/components/app-link";
import { DaySlotPicker } from "@/components/forms/day-slot-picker";
import { addDays, dateInZone, isBookableDay } from "@/lib/booking/availability";
import { type LoadDaySlots, loadDaySlots } from "@/lib/booking/booking-slots-client";
import type { Market } from "@/lib/booking/markets";
import { browserTimeZone, isolate, slotLabel } from "@/lib/booking/slot-label";
import { useDaySlots } from "@/lib/booking/use-day-slots";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import {
  type ManageAnswer,
  type ManagedBooking,
  type ManageState,
  cancelManagedBooking,
  rescheduleManagedBooking,
} from "../api/manage-booking";

export interface BookingManageActions {
  cancel(token: string): Promise<ManageAnswer>;
  reschedule(token: string, startsAt: string): Promise<ManageAnswer>;
}

const realActions: BookingManageActions = {
  cancel: async (token) => cancelManagedBooking(await getSupabase(), token),
  reschedule: async (token, startsAt) => rescheduleManagedBooking(await getSupabase(), token, startsAt),
};

export interface BookingManageProps {
  token: string;
  state: ManageState;
  booking?: ManagedBooking;
  market?: Market;
  /** Stories pass fakes; the booking-manage function by default. */
  actions?: BookingManageActions;
  loadSlots?: LoadDaySlots;
  now?: () => Date;
  /** The visitor's zone (the booking's, else the browser's; stories pin one). */
  visitorTimeZone?: string;
}

/**
 * The visitor's page behind the link of their confirmation email (docs/markets.md): the demo's time on
 * the market's clock and on theirs, and, while the link is good, cancel (after a confirmation) or move it
 * to another free time of the same market. A used, expired or cancelled link says so.
 */
export function BookingManage({
  token: firstToken,
  state: firstState,
  booking: firstBooking,
  market,
  actions = realActions,
  loadSlots = loadDaySlots,
  now = () => new Date(),
  visitorTimeZone,
}: BookingManageProps) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const [token, setToken] = useState(firstToken);
  const [state, setState] = useState<ManageState>(firstState);
  const [booking, setBooking] = useState(firstBooking);
  const [mode, setMode] = useState<"view" | "cancel" | "move">("view");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<"moved" | "cancelled" | "closed" | "error" | null>(null);
  const [zone, setZone] = useState<string | undefined>(visitorTimeZone ?? firstBooking?.visitorTimeZone ?? undefined);
  useEffect(
    () => setZone(visitorTimeZone ?? browserTimeZone() ?? firstBooking?.visitorTimeZone ?? undefined),
    [visitorTimeZone, firstBooking],
  );
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) statusRef.current?.focus({ preventScroll: false });
  }, [notice]);

  const when = (startsAt: string) => {
    if (!market) return startsAt;
    const start = new Date(startsAt);
    const day = new Intl.DateTimeFormat(intl, {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: market.timeZone,
    }).format(start);
    return `${isolate(day)} · ${slotLabel(start, market.timeZone, zone, locale)}`;
  };

  const apply = async (run: () => Promise<ManageAnswer>, success: "moved" | "cancelled") => {
    setBusy(true);
    try {
      const a = await run();
      if (a.booking) setBooking(a.booking);
      if (a.token) setToken(a.token);
      if (a.state === "rescheduled" || (a.state === "cancelled" && success === "cancelled")) {
        setNotice(success);
        setState(a.state === "rescheduled" ? "open" : "cancelled");
        setMode("view");
      } else if (a.state === "closed" || a.state === "taken") {
        setNotice("closed");
      } else if (a.state === "error") {
        setNotice("error");
      } else {
        setNotice(null);
        setState(a.state);
        setMode("view");
      }
    } catch {
      setNotice("error");
    } finally {
      setBusy(false);
    }
  };

  const message = stateMessage(state);
  return (
    <Container maxW="2xl" py={{ base: "10", md: "16" }}>
      <Stack gap="6">
        <Heading as="h1" fontSize={{ base: "2xl", md: "3xl" }}>
          <Trans>Your demo</Trans>
        </Heading>
        {booking && market ? (
          <Box layerStyle="panel" p="5">
            <Text
              fontWeight="semibold"
              textDecoration={booking.status === "cancelled" ? "line-through" : undefined}
              data-testid="booking-when"
            >
              {when(booking.startsAt)}
            </Text>
            <Text color="fg.muted" fontSize="sm" mt="1">
              <Trans>30 minutes, by phone. Times for {isolate(locale === "ar" ? market.nameAr : market.nameEn)}.</Trans>
            </Text>
          </Box>
        ) : null}
        <Box ref={statusRef} tabIndex={-1} outline="none">
          {notice === "moved" ? (
            <Notice status="success" title={<Trans>Your demo has moved</Trans>}>
              <Trans>We have emailed you the new time with an updated invitation.</Trans>
            </Notice>
          ) : notice === "cancelled" ? (
            <Notice status="success" title={<Trans>Your demo is cancelled</Trans>}>
              <Trans>We have emailed you a confirmation. You can book a new demo at any time.</Trans>
            </Notice>
          ) : notice === "closed" ? (
            <Notice status="warning" title={<Trans>This time is no longer available</Trans>}>
              <Trans>Someone booked it, or it is outside the open hours. Please choose another time.</Trans>
            </Notice>
          ) : notice === "error" ? (
            <Notice status="error" title={<Trans>Something went wrong</Trans>}>
              <Trans>Nothing was changed. Please try again in a moment.</Trans>
            </Notice>
          ) : null}
          {message && notice !== "cancelled" ? (
            <Notice status={message.status} title={message.title}>
              {message.body}
            </Notice>
          ) : null}
        </Box>
        {state === "open" && booking && market ? (
          mode === "cancel" ? (
            <Box layerStyle="panel" p="5" role="group" aria-labelledby="cancel-question">
              <Text id="cancel-question" fontWeight="semibold">
                <Trans>Cancel your demo on {when(booking.startsAt)}?</Trans>
              </Text>
              <HStack mt="4" gap="3" wrap="wrap">
                <Button
                  colorPalette="red"
                  loading={busy}
                  loadingText={t`Cancelling…`}
                  onClick={() => apply(() => actions.cancel(token), "cancelled")}
                >
                  <Trans>Yes, cancel my demo</Trans>
                </Button>
                <Button variant="outline" onClick={() => setMode("view")} disabled={busy}>
                  <Trans>Keep it</Trans>
                </Button>
              </HStack>
            </Box>
          ) : mode === "move" ? (
            <MovePicker
              market={market}
              current={booking.startsAt}
              now={now}
              loadSlots={loadSlots}
              visitorTimeZone={zone}
              busy={busy}
              onBack={() => setMode("view")}
              onMove={(startsAt) => apply(() => actions.reschedule(token, startsAt), "moved")}
            />
          ) : (
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="brand" onClick={() => (setNotice(null), setMode("move"))}>
                <Trans>Choose another time</Trans>
              </Button>
              <Button variant="outline" colorPalette="red" onClick={() => (setNotice(null), setMode("cancel"))}>
                <Trans>Cancel my demo</Trans>
              </Button>
            </HStack>
          )
        ) : null}
        {state !== "open" ? (
          <Box>
            <Button asChild type={undefined} variant="outline">
              <AppLink to="/">
                <Trans>Go to the home page</Trans>
              </AppLink>
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Container>
  );
}

function Notice({ status, title, children }: { status: "success" | "warning" | "error" | "info"; title: ReactNode; children: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === "error" || status === "warning" ? "alert" : "status"} mb="3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function stateMessage(state: ManageState): { status: "info" | "error" | "warning"; title: ReactNode; body: ReactNode } | null {
  switch (state) {
    case "used":
      return {
        status: "warning",
        title: <Trans>This link has already been used</Trans>,
        body: <Trans>Your demo was changed after this email was sent. Use the link in the most recent email about it.</Trans>,
      };
    case "cancelled":
      return {
        status: "info",
        title: <Trans>This demo is cancelled</Trans>,
        body: <Trans>It can no longer be changed. You can book a new demo at any time.</Trans>,
      };
    case "past":
    case "expired":
      return {
        status: "info",
        title: <Trans>This link has expired</Trans>,
        body: <Trans>Links to change a demo work until it starts. Reply to the email or message us on WhatsApp.</Trans>,
      };
    case "invalid":
      return {
        status: "error",
        title: <Trans>This link does not work</Trans>,
        body: <Trans>It may be incomplete. Copy the whole link from the email, or reply to it and we will help.</Trans>,
      };
    case "error":
      return {
        status: "error",
        title: <Trans>Something went wrong</Trans>,
        body: <Trans>We could not load your booking. Please try again in a moment.</Trans>,
      };
    default:
      return null;
  }
}

function MovePicker({
  market,
  current,
  now,
  loadSlots,
  visitorTimeZone,
  busy,
  onBack,
  onMove,
}: {
  market: Market;
  current: string;
  now: () => Date;
  loadSlots: LoadDaySlots;
  visitorTimeZone?: string;
  busy: boolean;
  onBack: () => void;
  onMove: (startsAt: string) => void;
}) {
  const { t } = useLingui();
  const first = (() => {
    let d = dateInZone(now(), market.timeZone);
    for (let i = 0; i < 60 && !isBookableDay(d, now(), market); i++) d = addDays(d, 1);
    return d;
  })();
  const [date, setDate] = useState(first);
  const [start, setStart] = useState("");
  const { state, reload } = useDaySlots(date, loadSlots, market.id);
  const free = state.status === "ready" ? state.slots.filter((s) => s.free && s.start !== current) : [];
  return (
    <Stack layerStyle="panel" p="5" gap="4">
      <DaySlotPicker
        date={date}
        min={first}
        max={addDays(dateInZone(now(), market.timeZone), market.horizonDays)}
        state={state}
        slots={free}
        start={start}
        visitorTimeZone={visitorTimeZone}
        emptyText={<Trans>No free time on this day. Please choose another date.</Trans>}
        announce
        onDateChange={setDate}
        onStartChange={setStart}
        onRetry={reload}
      />
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" disabled={!start} loading={busy} loadingText={t`Saving…`} onClick={() => onMove(start)}>
          <Trans>Move my demo</Trans>
        </Button>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
