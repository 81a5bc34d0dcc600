import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Grid,
  HStack,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { useMemo } from "react";
import { ErrorAlert } from "@/components/feedback/error-alert";
import { LoadState } from "@/components/feedback/load-state";
import { AdminScreen } from "@/components/layout/screen-header";
import { minuteToTime } from "@/lib/booking/availability";
import { directionOf } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import type { MarketRecord } from "../api/markets";
import { type DraftProblem, type MarketDraft, draftProblems } from "../lib/market-form";
import { CheckboxControl } from "@/components/forms/checkbox-control";

export interface MarketsEditorProps {
  status: "loading" | "failed" | "ready";
  markets: MarketRecord[];
  /** The market being edited (a copy), or null. */
  draft: MarketDraft | null;
  isNew: boolean;
  saving: boolean;
  /** The database's refusal of the last save. */
  error: string | null;
  onEdit: (id: string) => void;
  onAdd: () => void;
  onChange: (draft: MarketDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

/** The seven days, Sunday first (0), named in the page's language. */
function useWeekdays() {
  const { intl } = useLocale();
  return useMemo(
    () =>
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({
        value: d,
        short: new Intl.DateTimeFormat(intl, { weekday: "short", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 22 + d))),
        long: new Intl.DateTimeFormat(intl, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 22 + d))),
      })),
    [intl],
  );
}

/**
 * Admin → Markets (owners, docs/markets.md): each market's booking calendar (zone, working days, hours,
 * slot length, minimum notice, horizon, holidays, the countries it serves), edited one at a time; a new
 * market is a new row.
 */
export function MarketsEditor(props: MarketsEditorProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const days = useWeekdays();
  const { status, markets, draft, onEdit, onAdd, onRetry } = props;
  return (
    <AdminScreen
      title={<Trans>Markets</Trans>}
      description={<Trans>Each market's booking calendar: when visitors from its countries can book a demo.</Trans>}
      actions={
        <Button colorPalette="brand" onClick={onAdd} disabled={draft !== null}>
          <Plus aria-hidden="true" />
          <Trans>Add a market</Trans>
        </Button>
      }
    >
      <Box layerStyle="panel" overflowX="auto">
        <LoadState
          status={status}
          loadingLabel={<Trans>Loading markets…</Trans>}
          failedTitle={<Trans>Failed to load the markets.</Trans>}
          onRetry={onRetry}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Market</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Time zone</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Days and hours</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Booking rules</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Countries</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>
                    <Trans>Actions</Trans>
                  </Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {markets.map((m) => {
                const name = locale === "ar" ? m.name_ar : m.name_en;
                const open = minuteToTime(m.open_minute);
                const close = minuteToTime(m.close_minute);
                const slot = m.slot_minutes;
                const notice = m.min_notice_minutes;
                const horizon = m.horizon_days;
                const holidays = m.holidays.length;
                return (
                  <Table.Row key={m.id}>
                    <Table.Cell fontWeight="semibold">
                      {name}
                      {m.is_default ? (
                        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs" display="block">
                          <Trans>Default</Trans>
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell dir="ltr" textAlign="start">
                      {m.time_zone}
                    </Table.Cell>
                    <Table.Cell>
                      {days
                        .filter((d) => m.working_days.includes(d.value))
                        .map((d) => d.short)
                        .join(" ")}
                      <Text as="span" display="block" dir="ltr" textAlign="start">
                        {open}–{close}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Trans>
                        {slot}-minute slots, {notice} minutes' notice, {horizon} days ahead, {holidays} holidays
                      </Trans>
                    </Table.Cell>
                    <Table.Cell dir="ltr" textAlign="start">
                      {m.country_codes.join(", ")}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => onEdit(m.id)}
                        disabled={draft !== null}
                        aria-label={t`Edit ${name}`}
                      >
                        <Trans>Edit</Trans>
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </LoadState>
      </Box>
      {draft ? <MarketForm {...props} draft={draft} days={days} /> : null}
    </AdminScreen>
  );
}

function MarketForm({
  draft,
  isNew,
  saving,
  error,
  onChange,
  onSave,
  onCancel,
  days,
}: MarketsEditorProps & { draft: MarketDraft; days: ReturnType<typeof useWeekdays> }) {
  const { t } = useLingui();
  const problems = new Set<DraftProblem>(draftProblems(draft));
  const zones = useMemo(() => {
    try {
      return (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
    } catch {
      return [];
    }
  }, []);
  const set = <K extends keyof MarketDraft>(key: K, value: MarketDraft[K]) => onChange({ ...draft, [key]: value });
  const title = isNew ? t`New market` : t`Edit ${draft.nameEn || draft.id}`;
  return (
    <Box
      as="form"
      layerStyle="panel"
      p="6"
      aria-labelledby="market-form-title"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (!problems.size) onSave();
      }}
    >
      <Stack gap="5">
        <Heading as="h2" id="market-form-title" fontSize="xl">
          {title}
        </Heading>
        <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="4">
          {isNew ? (
            <Field.Root invalid={problems.has("id")} required>
              <Field.Label>
                <Trans>Identifier</Trans>
              </Field.Label>
              <Input dir="ltr" value={draft.id} onChange={(e) => set("id", e.target.value.trim().toLowerCase())} />
              <Field.HelperText>
                <Trans>Lowercase letters, digits and hyphens, e.g. "saudi-arabia". It cannot be changed later.</Trans>
              </Field.HelperText>
            </Field.Root>
          ) : null}
          {(
            [
              ["nameEn", "en", t`Name in English`],
              ["nameAr", "ar", t`Name in Arabic`],
            ] as const
          ).map(([name, lang, label]) => (
            <Field.Root key={name} invalid={problems.has("names")} required>
              <Field.Label>{label}</Field.Label>
              <Input dir={directionOf(lang)} lang={lang} value={draft[name]} onChange={(e) => set(name, e.target.value)} />
            </Field.Root>
          ))}
          <Field.Root invalid={problems.has("timeZone")} required>
            <Field.Label>
              <Trans>Time zone</Trans>
            </Field.Label>
            <Input dir="ltr" list="market-time-zones" value={draft.timeZone} onChange={(e) => set("timeZone", e.target.value.trim())} />
            <datalist id="market-time-zones">
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
            <Field.HelperText>
              <Trans>An IANA zone, e.g. Asia/Dubai or America/Toronto. Slots are on this clock.</Trans>
            </Field.HelperText>
            {problems.has("timeZone") ? (
              <Field.ErrorText>
                <Trans>Choose a time zone from the list.</Trans>
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <Field.Root invalid={problems.has("countryCodes")}>
            <Field.Label>
              <Trans>Countries served</Trans>
            </Field.Label>
            <Input dir="ltr" value={draft.countryCodes} onChange={(e) => set("countryCodes", e.target.value)} />
            <Field.HelperText>
              <Trans>Two-letter country codes separated by commas, e.g. AE, SA. A visitor from these countries gets this market.</Trans>
            </Field.HelperText>
          </Field.Root>
        </Grid>
        <Box as="fieldset" borderWidth="0" p="0" m="0">
          <Text as="legend" fontWeight="medium" mb="2">
            <Trans>Working days</Trans>
          </Text>
          <Flex wrap="wrap" gap="4">
            {days.map((d) => (
              <Checkbox.Root
                key={d.value}
                checked={draft.workingDays.includes(d.value)}
                onCheckedChange={(c) =>
                  set(
                    "workingDays",
                    c.checked === true ? [...draft.workingDays, d.value].sort() : draft.workingDays.filter((x) => x !== d.value),
                  )
                }
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <CheckboxControl />
                <Checkbox.Label fontWeight="normal">{d.long}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
          {problems.has("workingDays") ? (
            <Text color="fg.error" fontSize="sm" mt="1">
              <Trans>Choose at least one day.</Trans>
            </Text>
          ) : null}
        </Box>
        <Grid templateColumns={{ base: "1fr", md: "repeat(3, 1fr)" }} gap="4">
          <Field.Root invalid={problems.has("hours")} required>
            <Field.Label>
              <Trans>First slot starts at</Trans>
            </Field.Label>
            <Input type="time" step={900} value={draft.open} onChange={(e) => set("open", e.target.value)} />
          </Field.Root>
          <Field.Root invalid={problems.has("hours")} required>
            <Field.Label>
              <Trans>Last slot ends at</Trans>
            </Field.Label>
            <Input type="time" step={900} value={draft.close} onChange={(e) => set("close", e.target.value)} />
            {problems.has("hours") ? (
              <Field.ErrorText>
                <Trans>The hours must hold a whole number of slots.</Trans>
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              <Trans>Slot length</Trans>
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={String(draft.slotMinutes)} onChange={(e) => set("slotMinutes", Number(e.target.value))}>
                {[15, 30, 45, 60].map((m) => (
                  <option key={m} value={m}>
                    {t`${m} minutes`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={problems.has("minNotice")} required>
            <Field.Label>
              <Trans>Minimum notice (minutes)</Trans>
            </Field.Label>
            <Input
              type="number"
              min={0}
              max={10080}
              step={15}
              value={draft.minNoticeMinutes}
              onChange={(e) => set("minNoticeMinutes", Number(e.target.value))}
            />
            <Field.HelperText>
              <Trans>The earliest slot a visitor can take is this long after now.</Trans>
            </Field.HelperText>
          </Field.Root>
          <Field.Root invalid={problems.has("horizon")} required>
            <Field.Label>
              <Trans>Bookable days ahead</Trans>
            </Field.Label>
            <Input type="number" min={1} max={730} value={draft.horizonDays} onChange={(e) => set("horizonDays", Number(e.target.value))} />
          </Field.Root>
        </Grid>
        <Field.Root invalid={problems.has("holidays")}>
          <Field.Label>
            <Trans>Holidays</Trans>
          </Field.Label>
          <Textarea dir="ltr" rows={4} value={draft.holidays} onChange={(e) => set("holidays", e.target.value)} placeholder="2026-12-02" />
          <Field.HelperText>
            <Trans>One date per line (YYYY-MM-DD, on the market's clock). No demos on these days.</Trans>
          </Field.HelperText>
          {problems.has("holidays") ? (
            <Field.ErrorText>
              <Trans>Every line must be a real date, written YYYY-MM-DD.</Trans>
            </Field.ErrorText>
          ) : null}
        </Field.Root>
        <ErrorAlert message={error} />
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={saving} loadingText={t`Saving…`} disabled={problems.size > 0}>
            <Trans>Save the calendar</Trans>
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
