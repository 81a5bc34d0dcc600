import { Badge, Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { AlarmClock, Newspaper } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { AppLink } from "@/components/app-link";
import { CHANNELS } from "@/lib/attribution/attribution";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { type LeadDashboard, loadLeadDashboard } from "../api/lead-dashboard";
import { LEAD_TYPES } from "../lib/leads";
import {
  LEAD_STATUSES,
  type LeadQuery,
  businessWeekStart,
  defaultLeadQuery,
  leadQueryToSearch,
  readablePath,
  startOfBusinessDay,
} from "../lib/pipeline";
import { statusColor, useLeadLabels } from "./lead-labels";
import { useChannelLabel } from "@/lib/attribution/channel-label";

interface LeadsDashboardViewProps {
  /** Null while loading. */
  data: LeadDashboard | null;
  /** The Monday (Dubai time) the week started, YYYY-MM-DD. */
  weekStart: string;
  failed?: boolean;
}

const inbox = (q: Partial<LeadQuery>) => `/admin/leads${leadQueryToSearch({ ...defaultLeadQuery, ...q })}`;

function CountLink({ to, count, children }: { to: string; count: number; children?: ReactNode }) {
  const { intl } = useLocale();
  return (
    <AppLink
      to={to}
      display="flex"
      justifyContent="space-between"
      alignItems="center"
      gap="3"
      py="1.5"
      px="2"
      rounded="md"
      _hover={{ bg: "bg.muted" }}
    >
      <Box minW="0">{children}</Box>
      <Text as="span" fontWeight="700" fontVariantNumeric="tabular-nums">
        {new Intl.NumberFormat(intl).format(count)}
      </Text>
    </AppLink>
  );
}

/** One column of figures under its title; placeholders while the figures load (no children). */
function CountGroup({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontWeight="600" fontSize="sm" color="fg.muted">
        {title}
      </Text>
      {children ?? (
        <Stack gap="2">
          <Skeleton h="5" />
          <Skeleton h="5" />
          <Skeleton h="5" />
        </Stack>
      )}
    </Stack>
  );
}

/** The channels that brought leads, most first (ties in the channels' order). */
const CHANNEL_ORDER = [...CHANNELS, "unknown" as const];
function channelCounts(data: LeadDashboard): Array<[(typeof CHANNEL_ORDER)[number], number]> {
  return CHANNEL_ORDER.map((c) => [c, data.byChannel[c] ?? 0] as [(typeof CHANNEL_ORDER)[number], number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || CHANNEL_ORDER.indexOf(a[0]) - CHANNEL_ORDER.indexOf(b[0]));
}

/** The team's week in leads: by status, by form, by channel, by page, and the overdue ones; every number opens the list. */
export function LeadsDashboardView({ data, weekStart, failed = false }: LeadsDashboardViewProps) {
  const { intl } = useLocale();
  const { statusLabel, typeLabel } = useLeadLabels();
  const channelLabel = useChannelLabel();
  const nf = new Intl.NumberFormat(intl);
  const since = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${weekStart}T00:00:00Z`));
  return (
    <Card.Root>
      <Card.Header>
        <Flex justify="space-between" align="start" gap="4" wrap="wrap">
          <Box>
            <Heading as="h2" fontSize="lg">
              <Trans>Leads this week</Trans>
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              <Trans>Since Monday {since} (Dubai time)</Trans>
            </Text>
          </Box>
          {data ? (
            <HStack gap="3">
              <AppLink to={inbox({ status: "any", from: weekStart })} fontSize="2xl" fontWeight="800">
                <Box as="span" srOnly>
                  <Trans>All leads this week:</Trans>
                </Box>{" "}
                {nf.format(data.total)}
              </AppLink>
              <AppLink to={inbox({ overdue: true })}>
                <Badge colorPalette={data.overdue > 0 ? "red" : "gray"} variant="outline" size="lg">
                  <AlarmClock aria-hidden="true" size={14} />
                  <Trans>Overdue: {nf.format(data.overdue)}</Trans>
                </Badge>
              </AppLink>
              {/* Newsletter sign-ups are not sales leads: counted apart, never overdue. */}
              <AppLink to={inbox({ kind: "subscribers", from: weekStart })}>
                <Badge colorPalette="gray" variant="outline" size="lg">
                  <Newspaper aria-hidden="true" size={14} />
                  <Trans>Subscribers: {nf.format(data.subscribers)}</Trans>
                </Badge>
              </AppLink>
            </HStack>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body>
        {failed ? (
          <Text color="fg.muted" role="alert">
            <Trans>The lead figures could not be loaded.</Trans>
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="6">
            <CountGroup title={<Trans>By status</Trans>}>
              {data
                ? LEAD_STATUSES.map((s) => (
                    <CountLink key={s} to={inbox({ status: s, from: weekStart })} count={data.byStatus[s] ?? 0}>
                      <Badge colorPalette={statusColor[s]} variant="subtle">
                        {statusLabel(s)}
                      </Badge>
                    </CountLink>
                  ))
                : null}
            </CountGroup>
            <CountGroup title={<Trans>By form</Trans>}>
              {data
                ? LEAD_TYPES.map((type) => (
                    // Everyone who sent the form: the newsletter's count includes its subscribers.
                    <CountLink
                      key={type}
                      to={inbox({ type, from: weekStart, kind: type === "newsletter" ? "all" : "" })}
                      count={data.byFormType[type] ?? 0}
                    >
                      <Text as="span">{typeLabel(type)}</Text>
                    </CountLink>
                  ))
                : null}
            </CountGroup>
            {/* The channel of each lead's first visit, most first; only channels with leads. */}
            <CountGroup title={<Trans>By channel</Trans>}>
              {data ? (
                channelCounts(data).length === 0 ? (
                  <Text color="fg.muted" fontSize="sm">
                    <Trans>No leads yet this week.</Trans>
                  </Text>
                ) : (
                  channelCounts(data).map(([channel, count]) => (
                    <CountLink key={channel} to={inbox({ channel, from: weekStart })} count={count}>
                      <Text as="span">{channelLabel(channel)}</Text>
                    </CountLink>
                  ))
                )
              ) : null}
            </CountGroup>
            <CountGroup title={<Trans>By page</Trans>}>
              {data ? (
                data.byPage.length === 0 ? (
                  <Text color="fg.muted" fontSize="sm">
                    <Trans>No leads yet this week.</Trans>
                  </Text>
                ) : (
                  data.byPage.map(({ path, count }) => (
                    <CountLink key={path} to={inbox({ source: path, from: weekStart })} count={count}>
                      {/* Decoded, and isolated left to right, so "/blog/مقال" reads in order on the Arabic page. */}
                      <Text as="bdi" truncate dir="ltr" display="block" data-testid="lead-page-path">
                        {path ? readablePath(path) : "—"}
                      </Text>
                    </CountLink>
                  ))
                )
              ) : null}
            </CountGroup>
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Loads the figures for the week so far (Monday, Dubai time). */
export function LeadsDashboardCard() {
  const [data, setData] = useState<LeadDashboard | null>(null);
  const [weekStart] = useState(() => businessWeekStart());
  const { status } = useLoad(
    useCallback(async () => setData(await loadLeadDashboard(await getSupabase(), startOfBusinessDay(weekStart)!)), [weekStart]),
  );
  return <LeadsDashboardView data={data} weekStart={weekStart} failed={status === "failed"} />;
}
