import { Card, Skeleton, Text } from "@chakra-ui/react";
import { Plural, Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { AppLink } from "@/components/app-link";
import { getSupabase } from "@/lib/supabase/client";
import { countRecentSubmissions } from "../api/count-recent-submissions";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The dashboard card: new leads in the last 7 days, linking to the inbox. */
export function NewLeadsCardView({ count }: { count: number | null }) {
  return (
    <Card.Root borderColor="sand.200" bg="sand.50">
      <Card.Body gap="1">
        <Text color="fg.muted" fontSize="sm" fontWeight="600">
          <Trans>New leads (last 7 days)</Trans>
        </Text>
        {count === null ? (
          <Skeleton h="9" w="16" />
        ) : (
          <Text fontSize="3xl" fontWeight="800" lineHeight="1.2">
            {count}
          </Text>
        )}
        <AppLink to="/admin/leads" fontSize="sm" fontWeight="600" color="brand.fg">
          {count === null ? (
            <Trans>Open the leads inbox</Trans>
          ) : (
            <Plural
              value={count}
              _0="No new leads: open the inbox"
              one="View # new lead"
              other="View # new leads"
            />
          )}
        </AppLink>
      </Card.Body>
    </Card.Root>
  );
}

export function NewLeadsCard() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const n = await countRecentSubmissions(await getSupabase(), new Date(Date.now() - WEEK_MS));
        if (live) setCount(n);
      } catch (error) {
        console.error(error);
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return <NewLeadsCardView count={count} />;
}
