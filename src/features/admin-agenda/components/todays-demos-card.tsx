import { Card, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Plural, Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { AppLink } from "@/components/app-link";
import { DEFAULT_AVAILABILITY } from "@/lib/booking/availability";
import { isolate, slotLabelParts } from "@/lib/booking/slot-label";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { type AgendaRow, listAgenda } from "../api/agenda";
import { agendaRange } from "../lib/agenda-range";

/** The dashboard card: today's demos (business clock), the next ones listed, linking to the agenda. */
export function TodaysDemosCardView({ demos, timeZone = DEFAULT_AVAILABILITY.timeZone }: { demos: AgendaRow[] | null; timeZone?: string }) {
  const { locale } = useLocale();
  const count = demos?.length ?? 0;
  return (
    <Card.Root borderColor="brand.muted" bg="brand.subtle">
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm" fontWeight="600">
          <Trans>Today's demos</Trans>
        </Text>
        {demos === null ? (
          <Skeleton h="9" w="16" />
        ) : (
          <Text fontSize="3xl" fontWeight="800" lineHeight="1.2">
            {count}
          </Text>
        )}
        {demos && demos.length ? (
          <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0" fontSize="sm">
            {demos.slice(0, 3).map((d) => {
              const p = slotLabelParts(new Date(d.starts_at), timeZone, null, locale);
              return <li key={d.id}>{`${isolate(p.business)} · ${d.full_name || d.email || ""}`}</li>;
            })}
          </Stack>
        ) : null}
        <AppLink to="/admin/agenda" fontSize="sm" fontWeight="600" color="brand.fg">
          {demos === null ? (
            <Trans>Open the agenda</Trans>
          ) : (
            <Plural value={count} _0="No demos today: open the agenda" one="View today's # demo" other="View today's # demos" />
          )}
        </AppLink>
      </Card.Body>
    </Card.Root>
  );
}

export function TodaysDemosCard() {
  const [demos, setDemos] = useState<AgendaRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const range = agendaRange(new Date(), DEFAULT_AVAILABILITY.timeZone);
        const rows = await listAgenda(await getSupabase(), range.todayStart, range.tomorrowStart);
        if (live) setDemos(rows.filter((r) => r.status === "confirmed"));
      } catch (error) {
        console.error(error);
        if (live) setDemos([]);
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return <TodaysDemosCardView demos={demos} />;
}
