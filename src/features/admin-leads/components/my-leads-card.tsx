import { Card, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useCallback, useState } from "react";
import { AppLink } from "@/components/app-link";
import { useLocale } from "@/lib/i18n/locale-context";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { type MyLeads, loadMyLeads } from "../api/my-leads";
import { type LeadQuery, defaultLeadQuery, leadQueryToSearch } from "../lib/pipeline";

const inbox = (q: Partial<LeadQuery>) => `/admin/leads${leadQueryToSearch({ ...defaultLeadQuery, ...q })}`;

function Figure({ to, label, value, tone }: { to: string; label: ReactNode; value: number | null; tone?: "alert" }) {
  const { intl } = useLocale();
  return (
    <AppLink to={to} display="block" p="4" borderWidth="1px" rounded="lg" _hover={{ bg: "bg.muted" }}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {value === null ? (
        <Skeleton h="8" w="12" mt="1" />
      ) : (
        <Text fontSize="3xl" fontWeight="800" color={tone === "alert" && value > 0 ? "red.700" : undefined}>
          {new Intl.NumberFormat(intl).format(value)}
        </Text>
      )}
    </AppLink>
  );
}

interface MyLeadsViewProps {
  /** The signed-in member's user id (the inbox's owner filter). */
  userId: string;
  /** Null while loading. */
  data: MyLeads | null;
  failed?: boolean;
}

/** A member's own work: their overdue, new and all leads (spam left out); each number opens the inbox filtered to them. */
export function MyLeadsView({ userId, data, failed = false }: MyLeadsViewProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" fontSize="lg">
          <Trans>My leads</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        {failed ? (
          <Text color="fg.muted" role="alert">
            <Trans>Your leads could not be counted.</Trans>
          </Text>
        ) : (
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
              <Figure
                to={inbox({ owner: userId, overdue: true })}
                label={<Trans>Overdue</Trans>}
                value={data?.overdue ?? null}
                tone="alert"
              />
              <Figure
                to={inbox({ owner: userId, status: "new" })}
                label={<Trans>New, waiting for you</Trans>}
                value={data?.fresh ?? null}
              />
              <Figure to={inbox({ owner: userId })} label={<Trans>All my leads</Trans>} value={data?.all ?? null} />
            </SimpleGrid>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Loads the signed-in member's lead counts. */
export function MyLeadsCard({ userId }: { userId: string }) {
  const [data, setData] = useState<MyLeads | null>(null);
  const { status } = useLoad(useCallback(async () => setData(await loadMyLeads(await getSupabase(), userId)), [userId]));
  return <MyLeadsView userId={userId} data={data} failed={status === "failed"} />;
}
