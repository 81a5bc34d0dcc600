import { Badge, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import { AppLink } from "@/components/app-link";
import { LoadFailed } from "@/components/feedback/load-failed";
import { isolate } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { type AgendaEntry, listAgendaPage } from "../api/agenda";
import { useBookingActions } from "./booking-actions";

/**
 * A lead's demos (docs/leads.md#lead-booking): the current one first, at its time on the market's clock
 * and on the member's, its status, who takes it, and Reschedule / Cancel; earlier or cancelled ones below.
 */
export function LeadBookingsView({
  status,
  rows,
  timeZone,
  now = new Date(),
  onReschedule,
  onCancel,
  onRetry,
}: {
  status: "loading" | "failed" | "ready";
  rows: AgendaEntry[];
  timeZone: string;
  now?: Date;
  onReschedule: (r: AgendaEntry) => void;
  onCancel: (r: AgendaEntry) => void;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const { locale } = useLocale();
  if (status === "ready" && rows.length === 0) return null;
  const current = rows.find((r) => r.status === "confirmed") ?? rows[0];
  const others = rows.filter((r) => r !== current);
  const line = (r: AgendaEntry) => {
    const mine = formatZoned(r.starts_at, timeZone, locale, "weekdayDateTime");
    const market =
      r.market_time_zone && r.market_time_zone !== timeZone
        ? formatZoned(r.starts_at, r.market_time_zone, locale, "weekdayDateTime")
        : null;
    return { mine, market };
  };
  return (
    <Stack gap="3" p="4" borderWidth="1px" rounded="lg" data-testid="lead-booking" aria-labelledby="lead-booking-title">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" fontSize="md" id="lead-booking-title">
          <Trans>Demo</Trans>
        </Heading>
        <AppLink to="/admin/agenda?view=list&filter=upcoming" fontSize="sm" color="brand.fg">
          <Trans>Open the agenda</Trans>
        </AppLink>
      </HStack>
      {status === "loading" ? (
        <Text color="fg.muted">
          <Trans>Loading…</Trans>
        </Text>
      ) : status === "failed" ? (
        <LoadFailed place="inline" message={<Trans>The demo could not be loaded.</Trans>} onRetry={onRetry} />
      ) : current ? (
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Text
              fontWeight="700"
              textDecoration={current.status === "cancelled" ? "line-through" : undefined}
              data-testid="lead-booking-time"
            >
              {isolate(line(current).mine)}
            </Text>
            {current.status === "cancelled" ? (
              <Badge colorPalette="red">{t`Cancelled`}</Badge>
            ) : Date.parse(current.starts_at) < now.getTime() ? (
              <Badge>{t`Past`}</Badge>
            ) : (
              <Badge colorPalette="green">{t`Confirmed`}</Badge>
            )}
            {current.rescheduled_from && current.status !== "cancelled" ? <Badge colorPalette="orange">{t`Moved`}</Badge> : null}
          </HStack>
          {line(current).market ? (
            <Text fontSize="sm">
              <Trans>Market time: {isolate(line(current).market ?? "")}</Trans>
            </Text>
          ) : null}
          {current.rescheduled_from ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>Moved from {isolate(formatZoned(current.rescheduled_from, timeZone, locale))}</Trans>
            </Text>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            {current.assignee_email ? <Trans>With {isolate(current.assignee_email)}</Trans> : <Trans>Not assigned</Trans>}
          </Text>
          {current.status === "confirmed" && Date.parse(current.starts_at) >= now.getTime() ? (
            <HStack gap="2" mt="1">
              <Button size="sm" variant="outline" onClick={() => onReschedule(current)}>
                <Trans>Reschedule</Trans>
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => onCancel(current)}>
                <Trans>Cancel the demo</Trans>
              </Button>
            </HStack>
          ) : null}
        </Stack>
      ) : null}
      {others.length ? (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" fontSize="sm" color="fg.muted" aria-label={t`Other demos`}>
          {others.map((r) => (
            <li key={r.id}>
              {isolate(line(r).mine)} · {r.status === "cancelled" ? t`Cancelled` : t`Confirmed`}
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Loads a lead's demos and wires their reschedule and cancel dialogs. */
export function LeadBookingsContainer({ leadId, onChanged }: { leadId: string; onChanged: () => void }) {
  const timeZone = useStaffTimeZone();
  const [rows, setRows] = useState<AgendaEntry[]>([]);
  const { status, load } = useLoad(
    useCallback(async () => {
      setRows(await listAgendaPage(await getSupabase(), { leadId, descending: true, limit: 20 }));
    }, [leadId]),
  );
  const actions = useBookingActions(() => {
    void load();
    onChanged();
  });
  return (
    <>
      <LeadBookingsView
        status={status}
        rows={rows}
        timeZone={timeZone}
        onReschedule={actions.reschedule}
        onCancel={actions.cancel}
        onRetry={() => void load()}
      />
      {actions.dialogs}
    </>
  );
}
