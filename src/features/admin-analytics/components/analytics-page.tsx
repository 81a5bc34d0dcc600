import { Box, Button, Field, Flex, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Table, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { LoadState } from "@/components/feedback/load-state";
import { AdminScreen } from "@/components/layout/screen-header";
import type { Conversion, ConversionRow, Funnel, Traffic } from "../api/analytics";
import { type Period, type PeriodPreset, change, customPeriod, fillDays, rate } from "../lib/period";
import { useAnalyticsFormat, useAnalyticsLabels } from "./analytics-labels";

export interface AnalyticsData {
  /** Null for a member who may not read traffic (sales): the page shows conversion only. */
  traffic: { current: Traffic; previous: Traffic } | null;
  conversion: { current: Conversion; previous: Conversion };
}

interface AnalyticsPageProps {
  status: "loading" | "failed" | "ready";
  preset: PeriodPreset;
  period: Period;
  previous: Period;
  /** Today (UTC), the last day a range may end on. */
  today: string;
  data: AnalyticsData | null;
  onPreset: (preset: Exclude<PeriodPreset, "custom">) => void;
  onCustom: (period: Period) => void;
  onRetry: () => void;
}

const TRAFFIC_DIMS = ["page", "channel", "source", "campaign", "locale", "device"] as const;

/**
 * Admin → Analytics (docs/analytics.md): visitors, page views and forms over the chosen period beside the
 * period before it; views per day; top pages, channels, sources, campaigns, languages and devices; each
 * form's funnel; conversion by page, language and campaign. Sales members see the conversion part only.
 */
export function AnalyticsPage({ status, preset, period, previous, today, data, onPreset, onCustom, onRetry }: AnalyticsPageProps) {
  const f = useAnalyticsFormat();
  return (
    <AdminScreen
      title={<Trans>Analytics</Trans>}
      description={
        <Trans>
          {f.range(period.from, period.to)}, compared with {f.range(previous.from, previous.to)}
        </Trans>
      }
      live
      actions={<PeriodPicker preset={preset} period={period} today={today} onPreset={onPreset} onCustom={onCustom} />}
    >
      <LoadState
        status={status}
        loadingLabel={<Trans>Loading analytics…</Trans>}
        failedTitle={<Trans>Failed to load the analytics.</Trans>}
        onRetry={onRetry}
      >
        {data ? <AnalyticsBody data={data} period={period} /> : null}
      </LoadState>
    </AdminScreen>
  );
}

function AnalyticsBody({ data, period }: { data: AnalyticsData; period: Period }) {
  const { t } = useLingui();
  const { traffic, conversion } = data;
  const stored = (c: Conversion) => c.funnels.reduce((n, x) => n + x.stored, 0);
  const empty = (traffic ? traffic.current.views === 0 : true) && conversion.current.funnels.length === 0;
  return (
    <Stack gap="6">
      {empty ? (
        <Box layerStyle="panel" p="6" role="status">
          <Text fontWeight="600">
            <Trans>Nothing was counted in this period yet.</Trans>
          </Text>
          <Text color="fg.muted">
            <Trans>Page views and form events appear here within a minute of the visit.</Trans>
          </Text>
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" as="ul" listStyleType="none" aria-label={t`Key figures`}>
        {traffic ? (
          <>
            <Kpi label={<Trans>Visitors</Trans>} now={traffic.current.visitors} before={traffic.previous.visitors} />
            <Kpi label={<Trans>Page views</Trans>} now={traffic.current.views} before={traffic.previous.views} />
          </>
        ) : null}
        <Kpi label={<Trans>Forms stored</Trans>} now={stored(conversion.current)} before={stored(conversion.previous)} />
        <Kpi
          label={<Trans>Conversion rate</Trans>}
          rateOf={[stored(conversion.current), conversion.current.funnels.reduce((n, x) => n + x.views, 0)]}
          rateBefore={[stored(conversion.previous), conversion.previous.funnels.reduce((n, x) => n + x.views, 0)]}
        />
      </SimpleGrid>
      {traffic ? (
        <>
          <DailyChart traffic={traffic.current} period={period} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {TRAFFIC_DIMS.map((dim) => (
              <BreakdownCard key={dim} dim={dim} rows={traffic.current.breakdowns[dim] ?? []} />
            ))}
          </SimpleGrid>
        </>
      ) : null}
      <Heading as="h2" fontSize="xl">
        <Trans>Forms</Trans>
      </Heading>
      {conversion.current.funnels.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No page with a form was viewed in this period.</Trans>
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {conversion.current.funnels.map((funnel) => (
            <FunnelCard key={funnel.form} funnel={funnel} />
          ))}
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
        <ConversionTable dim="page" title={<Trans>Conversion by page</Trans>} rows={conversion.current.breakdowns.page ?? []} />
        <ConversionTable dim="locale" title={<Trans>Conversion by language</Trans>} rows={conversion.current.breakdowns.locale ?? []} />
        <ConversionTable dim="campaign" title={<Trans>Conversion by campaign</Trans>} rows={conversion.current.breakdowns.campaign ?? []} />
      </SimpleGrid>
    </Stack>
  );
}

function PeriodPicker({
  preset,
  period,
  today,
  onPreset,
  onCustom,
}: Pick<AnalyticsPageProps, "preset" | "period" | "today" | "onPreset" | "onCustom">) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<PeriodPreset>(preset);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problems = {
    missing: t`Choose both days.`,
    order: t`The first day must come before the last.`,
    future: t`The period cannot end after today.`,
    long: t`Choose at most 366 days.`,
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const r = customPeriod(from, to, today);
    if (!r.ok) return setProblem(problems[r.problem]);
    setProblem(null);
    onCustom(r.period);
  };
  return (
    <Stack gap="2" as="form" onSubmit={apply} aria-label={t`Period`} minW={{ md: "18rem" }}>
      <Field.Root>
        <Field.Label>
          <Trans>Period</Trans>
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={choice}
            onChange={(e) => {
              const value = e.currentTarget.value as PeriodPreset;
              setChoice(value);
              if (value !== "custom") onPreset(value);
            }}
          >
            <option value="7d">{t`Last 7 days`}</option>
            <option value="28d">{t`Last 28 days`}</option>
            <option value="90d">{t`Last 90 days`}</option>
            <option value="custom">{t`Chosen days`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {choice === "custom" ? (
        <Flex gap="2" align="end" wrap="wrap">
          <Field.Root flex="1" minW="8rem" invalid={Boolean(problem)}>
            <Field.Label>
              <Trans>From</Trans>
            </Field.Label>
            <Input size="sm" type="date" value={from} max={today} onChange={(e) => setFrom(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="8rem" invalid={Boolean(problem)}>
            <Field.Label>
              <Trans>To</Trans>
            </Field.Label>
            <Input size="sm" type="date" value={to} max={today} onChange={(e) => setTo(e.currentTarget.value)} />
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="brand">
            <Trans>Show</Trans>
          </Button>
        </Flex>
      ) : null}
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

function Delta({ value }: { value: number | null }) {
  const f = useAnalyticsFormat();
  if (value === null)
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Nothing to compare with</Trans>
      </Text>
    );
  const up = value > 0;
  const Icon = up ? ArrowUp : ArrowDown;
  return (
    <HStack gap="1" fontSize="sm" color={value === 0 ? "fg.muted" : up ? "green.700" : "red.700"}>
      {value !== 0 ? <Icon size={14} aria-hidden /> : null}
      <Text>
        <Trans>{f.change(value)} on the period before</Trans>
      </Text>
    </HStack>
  );
}

function Kpi({
  label,
  now,
  before,
  rateOf,
  rateBefore,
}: {
  label: ReactNode;
  now?: number;
  before?: number;
  rateOf?: [number, number];
  rateBefore?: [number, number];
}) {
  const f = useAnalyticsFormat();
  let value: string;
  let delta: number | null;
  if (rateOf && rateBefore) {
    const r = rate(...rateOf);
    const b = rate(...rateBefore);
    value = f.percent(r);
    delta = r === null || b === null ? null : change(r, b);
  } else {
    value = f.number(now ?? 0);
    delta = change(now ?? 0, before ?? 0);
  }
  return (
    <Box as="li" layerStyle="panel" p="4">
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="700" data-testid="kpi-value">
        {value}
      </Text>
      <Delta value={delta} />
    </Box>
  );
}

function DailyChart({ traffic, period }: { traffic: Traffic; period: Period }) {
  const { t } = useLingui();
  const f = useAnalyticsFormat();
  const days = fillDays(period, traffic.daily, (day) => ({ day, views: 0, visitors: 0 }));
  const max = Math.max(1, ...days.map((d) => d.views));
  const busiest = days.reduce((a, b) => (b.views > a.views ? b : a), days[0]!);
  const summary = t`Page views per day: ${f.number(traffic.views)} in all, at most ${f.number(busiest.views)} on ${f.day(busiest.day)}.`;
  return (
    <Box layerStyle="panel" p="4">
      <Heading as="h2" fontSize="lg" mb="3">
        <Trans>Page views per day</Trans>
      </Heading>
      {/* Bars in a flex row: time runs from the start edge, so the chart mirrors in Arabic. */}
      <Flex
        role="img"
        aria-label={summary}
        h="40"
        align="end"
        gap={days.length > 40 ? "0" : "1"}
        borderBottomWidth="1px"
        borderColor="border"
      >
        {days.map((d) => (
          <Box
            key={d.day}
            flex="1"
            minW="0"
            h={`${(d.views / max) * 100}%`}
            minH={d.views > 0 ? "2px" : "0"}
            bg="brand.solid"
            roundedTop="sm"
            title={`${f.day(d.day)}: ${f.number(d.views)}`}
          />
        ))}
      </Flex>
      <Flex justify="space-between" mt="1" fontSize="xs" color="fg.muted" aria-hidden>
        <Text>{f.day(period.from)}</Text>
        <Text>{f.day(period.to)}</Text>
      </Flex>
    </Box>
  );
}

/** A horizontal bar from the start edge (mirrors in Arabic), `share` of the track. */
function Bar({ share, label }: { share: number; label?: string }) {
  return (
    <Box flex="1" h="2" bg="bg.emphasized" rounded="full" overflow="hidden" aria-hidden title={label}>
      <Box h="full" w={`${Math.max(0, Math.min(1, share)) * 100}%`} bg="brand.solid" rounded="full" />
    </Box>
  );
}

function BreakdownCard({ dim, rows }: { dim: (typeof TRAFFIC_DIMS)[number]; rows: { key: string; views: number; visitors: number }[] }) {
  const labels = useAnalyticsLabels();
  const f = useAnalyticsFormat();
  const titles: Record<typeof dim, ReactNode> = {
    page: <Trans>Top pages</Trans>,
    channel: <Trans>Channels</Trans>,
    source: <Trans>Sources</Trans>,
    campaign: <Trans>Campaigns</Trans>,
    locale: <Trans>Languages</Trans>,
    device: <Trans>Devices</Trans>,
  };
  const max = Math.max(1, ...rows.map((r) => r.views));
  return (
    <Box layerStyle="panel" p="4" data-testid={`breakdown-${dim}`}>
      <Heading as="h2" fontSize="lg" mb="3">
        {titles[dim]}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No views in this period.</Trans>
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{titles[dim]}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Views</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Visitors</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.key}>
                <Table.Cell maxW="0" w="60%">
                  <Stack gap="1">
                    <chakra.bdi truncate display="block" dir={dim === "page" || dim === "source" ? "ltr" : undefined} textAlign="start">
                      {labels.key(dim, r.key)}
                    </chakra.bdi>
                    <Bar share={r.views / max} />
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end">{f.number(r.views)}</Table.Cell>
                <Table.Cell textAlign="end">{f.number(r.visitors)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}

function FunnelCard({ funnel }: { funnel: Funnel }) {
  const labels = useAnalyticsLabels();
  const f = useAnalyticsFormat();
  const steps: { key: keyof Funnel; label: ReactNode }[] = [
    { key: "views", label: <Trans>Viewed</Trans> },
    { key: "started", label: <Trans>Started</Trans> },
    { key: "submitted", label: <Trans>Submitted</Trans> },
    { key: "stored", label: <Trans>Stored</Trans> },
  ];
  const top = Math.max(1, funnel.views);
  return (
    <Box layerStyle="panel" p="4" data-testid={`funnel-${funnel.form}`}>
      <Heading as="h3" fontSize="lg" mb="3">
        {labels.form(funnel.form)}
      </Heading>
      <Stack as="ol" gap="2" listStyleType="none">
        {steps.map((s) => {
          const n = funnel[s.key] as number;
          return (
            <Flex as="li" key={s.key} align="center" gap="3" data-step={s.key}>
              <Text w="6rem" flexShrink={0}>
                {s.label}
              </Text>
              <Bar share={n / top} />
              <Text w="4rem" textAlign="end" fontWeight="600" data-testid="step-count">
                {f.number(n)}
              </Text>
              <Text w="4rem" textAlign="end" color="fg.muted" fontSize="sm">
                {f.percent(rate(n, funnel.views))}
              </Text>
            </Flex>
          );
        })}
      </Stack>
      <Text mt="3" fontSize="sm" color="fg.muted" data-testid="funnel-errors">
        <Trans>Validation errors shown: {f.number(funnel.errors)}</Trans>
      </Text>
    </Box>
  );
}

function ConversionTable({ dim, title, rows }: { dim: "page" | "locale" | "campaign"; title: ReactNode; rows: ConversionRow[] }) {
  const labels = useAnalyticsLabels();
  const f = useAnalyticsFormat();
  return (
    <Box layerStyle="panel" p="4" data-testid={`conversion-${dim}`}>
      <Heading as="h3" fontSize="lg" mb="3">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">
          <Trans>No form was viewed in this period.</Trans>
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{title}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Stored</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Rate</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={`${r.form}:${r.key}`}>
                <Table.Cell>
                  <chakra.bdi display="block" dir={dim === "page" ? "ltr" : undefined} textAlign="start" wordBreak="break-all">
                    {labels.key(dim, r.key)}
                  </chakra.bdi>
                  <Text fontSize="xs" color="fg.muted">
                    {labels.form(r.form)}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{f.number(r.stored)}</Table.Cell>
                <Table.Cell textAlign="end">{f.percent(rate(r.stored, r.views))}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
