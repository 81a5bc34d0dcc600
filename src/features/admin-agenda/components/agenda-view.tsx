import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { NoticeAlert } from "@/components/feedback/notice-alert";
import { LoadingLine } from "@/components/feedback/loading-line";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { isolate, slotLabelParts, zonePlace } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import type { AgendaRow } from "../api/agenda";

interface AgendaViewProps {
  status: "loading" | "failed" | "ready";
  today: AgendaRow[];
  week: AgendaRow[];
  /** The business clock ("Asia/Dubai"). */
  timeZone: string;
  /** A line saying what just happened ("Demo cancelled. …"), announced politely. */
  notice?: string | null;
  onReload: () => void;
  onCancel: (row: AgendaRow) => void;
  onReschedule: (row: AgendaRow) => void;
}

/** Admin → Agenda (docs/product.md#admin-agenda): today's and this week's demos, cancel and reschedule. */
export function AgendaView({ status, today, week, timeZone, notice, onReload, onCancel, onReschedule }: AgendaViewProps) {
  const { locale } = useLocale();
  const place = zonePlace(timeZone, locale);
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="2xl">
            <Trans>Agenda</Trans>
          </Heading>
          <Text color="fg.muted" mt="1">
            <Trans>Upcoming demos, in {isolate(place)} time, with each visitor's own time beside it.</Trans>
          </Text>
        </Box>
        <Box role="status" aria-live="polite">
          {notice ? <NoticeAlert status="success" title={notice} /> : null}
        </Box>
        {status === "failed" ? (
          <RetryAlert
            title={<Trans>Could not load the agenda</Trans>}
            description={<Trans>Please try again later.</Trans>}
            retryLabel={<Trans>Try again</Trans>}
            onRetry={onReload}
          />
        ) : null}
        {status === "loading" ? (
          <LoadingLine py="10" justify="center">
            <Trans>Loading…</Trans>
          </LoadingLine>
        ) : null}
        {status === "ready" ? (
          <>
            <AgendaSection
              id="agenda-today"
              title={<Trans>Today</Trans>}
              rows={today}
              timeZone={timeZone}
              onCancel={onCancel}
              onReschedule={onReschedule}
              empty={<Trans>No demos today.</Trans>}
            />
            <AgendaSection
              id="agenda-week"
              title={<Trans>This week</Trans>}
              rows={week}
              timeZone={timeZone}
              onCancel={onCancel}
              onReschedule={onReschedule}
              empty={<Trans>No other demos in the next six days.</Trans>}
            />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}

function AgendaSection(props: {
  id: string;
  title: ReactNode;
  rows: AgendaRow[];
  timeZone: string;
  empty: ReactNode;
  onCancel: (row: AgendaRow) => void;
  onReschedule: (row: AgendaRow) => void;
}) {
  const confirmed = props.rows.filter((r) => r.status === "confirmed").length;
  return (
    <Box as="section" aria-labelledby={props.id}>
      <HStack gap="3" mb="3">
        <Heading as="h2" size="lg" id={props.id}>
          {props.title}
        </Heading>
        <Badge colorPalette="brand">
          <Plural value={confirmed} one="# demo" other="# demos" />
        </Badge>
      </HStack>
      {props.rows.length === 0 ? (
        <Text color="fg.muted">{props.empty}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {props.rows.map((row) => (
            <li key={row.id}>
              <AgendaItem row={row} timeZone={props.timeZone} onCancel={props.onCancel} onReschedule={props.onReschedule} />
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function AgendaItem({
  row,
  timeZone,
  onCancel,
  onReschedule,
}: {
  row: AgendaRow;
  timeZone: string;
  onCancel: (r: AgendaRow) => void;
  onReschedule: (r: AgendaRow) => void;
}) {
  const { t } = useLingui();
  const { locale, intl } = useLocale();
  const start = new Date(row.starts_at);
  const parts = slotLabelParts(start, timeZone, row.visitor_time_zone, locale);
  const day = new Intl.DateTimeFormat(intl, { weekday: "long", day: "numeric", month: "long", timeZone }).format(start);
  const cancelled = row.status === "cancelled";
  const name = row.full_name || row.email || t`Unknown visitor`;
  return (
    <Card.Root size="sm" bg={cancelled ? "bg.muted" : undefined} data-testid="agenda-item">
      <Card.Body>
        <Flex gap="4" wrap="wrap" justify="space-between" align="start">
          <Stack gap="1" minW="12rem">
            <Text fontWeight="700" fontSize="lg" textDecoration={cancelled ? "line-through" : undefined}>
              {`${isolate(parts.business)} ${isolate(parts.businessPlace)}`}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {day}
            </Text>
            {parts.visitor ? (
              <Text fontSize="sm">
                <Trans>
                  Visitor's time: {isolate(parts.visitor)} {isolate(parts.visitorPlace ?? "")}
                </Trans>
              </Text>
            ) : null}
          </Stack>
          <Stack gap="1" flex="1" minW="14rem">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="600">{name}</Text>
              {row.company ? <Text color="fg.muted">· {row.company}</Text> : null}
              <Badge variant="subtle">{row.locale === "ar" ? t`Arabic` : t`English`}</Badge>
              {cancelled ? <Badge colorPalette="red">{t`Cancelled`}</Badge> : null}
              {row.rescheduled_from && !cancelled ? <Badge colorPalette="orange">{t`Moved`}</Badge> : null}
            </HStack>
            <HStack gap="4" wrap="wrap" fontSize="sm">
              {row.email ? (
                <Link href={`mailto:${row.email}`} dir="ltr" color="brand.fg">
                  {row.email}
                </Link>
              ) : null}
              {row.phone ? (
                <Link href={`tel:${row.phone}`} dir="ltr" color="brand.fg">
                  {row.phone}
                </Link>
              ) : null}
            </HStack>
          </Stack>
          {!cancelled ? (
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => onReschedule(row)} aria-label={t`Reschedule the demo with ${name}`}>
                <Trans>Reschedule</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => onCancel(row)}
                aria-label={t`Cancel the demo with ${name}`}
              >
                <Trans>Cancel the demo</Trans>
              </Button>
            </HStack>
          ) : null}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
