import { Badge, Box, Button, ButtonGroup, Card, Flex, Heading, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { AppLink } from "@/components/app-link";
import { DirectionalIcon } from "@/components/directional-icon";
import { LoadingLine } from "@/components/feedback/loading-line";
import { NoticeAlert } from "@/components/feedback/notice-alert";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { AdminScreen } from "@/components/layout/screen-header";
import { addDays } from "@/lib/booking/availability";
import { isolate } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned } from "@/lib/staff-clock/staff-clock";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import type { AgendaEntry } from "../api/agenda";
import { AGENDA_PAGE_SIZE, type AgendaFilter, type AgendaQuery, type AgendaViewKind, dayStart, groupByDay } from "../lib/agenda-query";

interface AgendaViewProps {
  status: "loading" | "failed" | "ready";
  query: AgendaQuery;
  /** The rows of the query (for the list, possibly one more than a page: there is a next page). */
  rows: AgendaEntry[];
  /** The signed-in member's clock. */
  timeZone: string;
  /** "now", for what is past (stories pass a fixed one). */
  now?: Date;
  notice?: string | null;
  onQueryChange: (q: AgendaQuery) => void;
  onReload: () => void;
  onCancel: (row: AgendaEntry) => void;
  onReschedule: (row: AgendaEntry) => void;
}

/**
 * Admin → Agenda (docs/leads.md#agenda): any day or week, or a list of upcoming, past or cancelled demos a
 * page at a time; each demo links to its lead, and can be moved or cancelled.
 */
export function AgendaView({
  status,
  query,
  rows,
  timeZone,
  now = new Date(),
  notice,
  onQueryChange,
  onReload,
  onCancel,
  onReschedule,
}: AgendaViewProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const list = query.view === "list";
  const shown = list ? rows.slice(0, AGENDA_PAGE_SIZE) : rows;
  const hasNext = list && rows.length > AGENDA_PAGE_SIZE;
  const groups = groupByDay(shown, timeZone);
  const views: Array<[AgendaViewKind, string]> = [
    ["day", t`Day`],
    ["week", t`Week`],
    ["list", t`List`],
  ];
  const filters: Array<[AgendaFilter, string]> = [
    ["all", t`All`],
    ["upcoming", t`Upcoming`],
    ["past", t`Past`],
    ["cancelled", t`Cancelled`],
  ];
  const rangeLabel = list
    ? t`Page ${query.page + 1}`
    : query.view === "day"
      ? formatZoned(dayStart(query.date, timeZone), timeZone, locale, "date")
      : `${formatZoned(dayStart(query.date, timeZone), timeZone, locale, "date")} – ${formatZoned(dayStart(addDays(query.date, 6), timeZone), timeZone, locale, "date")}`;
  const step = (direction: 1 | -1) =>
    list
      ? onQueryChange({ ...query, page: Math.max(0, query.page + direction) })
      : onQueryChange({ ...query, date: addDays(query.date, direction * (query.view === "day" ? 1 : 7)) });

  return (
    <AdminScreen
      title={<Trans>Agenda</Trans>}
      description={<Trans>Demos on your clock ({isolate(timeZone)}), with the market's and the visitor's beside them.</Trans>}
    >
      <Box role="status" aria-live="polite">
        {notice ? <NoticeAlert status="success" title={notice} /> : null}
      </Box>
      <Flex gap="3" wrap="wrap" align="end" justify="space-between">
        <PressedGroup
          label={t`View`}
          options={views}
          value={query.view}
          onChange={(v) =>
            onQueryChange({ ...query, view: v, page: 0, filter: v === "list" && query.filter === "all" ? "upcoming" : query.filter })
          }
        />
        <PressedGroup
          label={t`Show`}
          options={filters}
          value={query.filter}
          onChange={(f) => onQueryChange({ ...query, filter: f, page: 0 })}
        />
      </Flex>
      <Flex gap="3" wrap="wrap" align="center">
        <Button
          size="sm"
          variant="outline"
          onClick={() => step(-1)}
          disabled={list && query.page === 0}
          aria-label={list ? t`Previous page` : t`Earlier`}
        >
          <DirectionalIcon>
            <ChevronLeft />
          </DirectionalIcon>
        </Button>
        <Text fontWeight="600" minW="12rem" textAlign="center" data-testid="agenda-range">
          {rangeLabel}
        </Text>
        <Button size="sm" variant="outline" onClick={() => step(1)} disabled={list && !hasNext} aria-label={list ? t`Next page` : t`Later`}>
          <DirectionalIcon>
            <ChevronRight />
          </DirectionalIcon>
        </Button>
        {!list ? (
          <>
            <Input
              type="date"
              size="sm"
              maxW="11rem"
              value={query.date}
              aria-label={t`Go to date`}
              onChange={(e) => (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value) ? onQueryChange({ ...query, date: e.target.value }) : undefined)}
            />
          </>
        ) : null}
      </Flex>
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
      {status === "ready" && shown.length === 0 ? (
        <Text color="fg.muted" data-testid="agenda-empty">
          <Trans>No demos here.</Trans>
        </Text>
      ) : null}
      {status === "ready"
        ? groups.map((g) => (
            <Box as="section" key={g.date} aria-labelledby={`agenda-day-${g.date}`}>
              <Heading as="h2" size="md" mb="3" id={`agenda-day-${g.date}`}>
                {formatZoned(dayStart(g.date, timeZone), timeZone, locale, "date")}
              </Heading>
              <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
                {g.rows.map((row) => (
                  <li key={row.id}>
                    <AgendaEntryCard row={row} timeZone={timeZone} now={now} onCancel={onCancel} onReschedule={onReschedule} />
                  </li>
                ))}
              </Stack>
            </Box>
          ))
        : null}
    </AdminScreen>
  );
}

/** One demo: when (the member's, the market's and the visitor's clocks), who, who takes it, what happened. */
function AgendaEntryCard({
  row,
  timeZone,
  now = new Date(),
  linkToLead = true,
  onCancel,
  onReschedule,
}: {
  row: AgendaEntry;
  timeZone: string;
  now?: Date;
  linkToLead?: boolean;
  onCancel: (r: AgendaEntry) => void;
  onReschedule: (r: AgendaEntry) => void;
}) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const cancelled = row.status === "cancelled";
  const past = Date.parse(row.starts_at) < now.getTime();
  const name = row.full_name || row.email || t`Unknown visitor`;
  const mine = formatZoned(row.starts_at, timeZone, locale, "weekdayDateTime");
  const market =
    row.market_time_zone && row.market_time_zone !== timeZone ? formatZoned(row.starts_at, row.market_time_zone, locale, "time") : null;
  const visitor =
    row.visitor_time_zone && row.visitor_time_zone !== timeZone && row.visitor_time_zone !== row.market_time_zone
      ? formatZoned(row.starts_at, row.visitor_time_zone, locale, "time")
      : null;
  return (
    <Card.Root size="sm" bg={cancelled ? "bg.muted" : undefined} data-testid="agenda-item">
      <Card.Body>
        <Flex gap="4" wrap="wrap" justify="space-between" align="start">
          <Stack gap="1" minW="14rem">
            <Text fontWeight="700" textDecoration={cancelled ? "line-through" : undefined}>
              {isolate(mine)}
            </Text>
            {market ? (
              <Text fontSize="sm">
                <Trans>Market time: {isolate(market)}</Trans>
              </Text>
            ) : null}
            {visitor ? (
              <Text fontSize="sm" color="fg.muted">
                <Trans>Visitor's time: {isolate(visitor)}</Trans>
              </Text>
            ) : null}
          </Stack>
          <Stack gap="1" flex="1" minW="14rem">
            <HStack gap="2" wrap="wrap">
              {linkToLead && row.lead_id ? (
                <AppLink to={`/admin/leads?lead=${encodeURIComponent(row.lead_id)}`} fontWeight="600" color="brand.fg" dir="auto">
                  {name}
                </AppLink>
              ) : (
                <Text fontWeight="600" dir="auto">
                  {name}
                </Text>
              )}
              {row.company ? (
                <Text color="fg.muted" dir="auto">
                  · {row.company}
                </Text>
              ) : null}
              <Badge variant="subtle">{row.locale === "ar" ? t`Arabic` : t`English`}</Badge>
              {row.market_id ? <Badge variant="outline">{row.market_id.toUpperCase()}</Badge> : null}
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
            <Text fontSize="sm" color="fg.muted">
              {row.assignee_email ? <Trans>With {isolate(row.assignee_email)}</Trans> : <Trans>Not assigned</Trans>}
            </Text>
            {row.rescheduled_from ? (
              <Text fontSize="sm" color="fg.muted">
                <Trans>Moved from {isolate(formatZoned(row.rescheduled_from, timeZone, locale))}</Trans>
                {row.rescheduled_by_email ? <> · {isolate(row.rescheduled_by_email)}</> : null}
              </Text>
            ) : null}
            {cancelled && row.cancelled_at ? (
              <Text fontSize="sm" color="fg.muted">
                <Trans>Cancelled on {isolate(formatZoned(row.cancelled_at, timeZone, locale))}</Trans>
                {row.cancelled_by_email ? <> · {isolate(row.cancelled_by_email)}</> : null}
                {row.cancel_reason ? <> · {row.cancel_reason}</> : null}
              </Text>
            ) : null}
          </Stack>
          {!cancelled && !past ? (
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

/** A row of attached buttons, one pressed: the agenda's view and what it shows. */
function PressedGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, ReactNode])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <ButtonGroup size="sm" attached variant="outline" aria-label={label} role="group">
      {options.map(([v, text]) => (
        <Button
          key={v}
          aria-pressed={value === v}
          variant={value === v ? "solid" : "outline"}
          colorPalette="brand"
          onClick={() => onChange(v)}
        >
          {text}
        </Button>
      ))}
    </ButtonGroup>
  );
}
