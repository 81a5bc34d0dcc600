import { Badge, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { StoredTouch } from "@/lib/attribution/attribution";
import { readablePath } from "../lib/pipeline";
import { FieldList } from "./field-list";
import { useLeadLabels } from "./lead-labels";
import { useChannelLabel } from "@/lib/attribution/channel-label";

interface LeadSourceProps {
  /** The first visit of the person's first attributed submission (the original source). */
  first: StoredTouch | null;
  /** The visit of their latest attributed submission. */
  latest: StoredTouch | null;
}

/**
 * Where a lead came from (docs/attribution.md): the visit that brought them first and, when it differs,
 * the latest one, each with its channel, UTM values, ad click, referring site and landing page.
 */
export function LeadSource({ first, latest }: LeadSourceProps) {
  const same = !latest || !first || JSON.stringify(first) === JSON.stringify(latest);
  return (
    <Stack gap="3" data-testid="lead-source">
      <Heading as="h3" fontSize="md">
        <Trans>Where they came from</Trans>
      </Heading>
      {first ? (
        <SimpleGrid columns={{ base: 1, md: same ? 1 : 2 }} gap="3">
          <TouchCard title={same ? <Trans>First and latest visit</Trans> : <Trans>First visit</Trans>} touch={first} />
          {!same && latest ? <TouchCard title={<Trans>Latest visit</Trans>} touch={latest} /> : null}
        </SimpleGrid>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          <Trans>Not recorded: the form was sent without JavaScript, or before sources were recorded.</Trans>
        </Text>
      )}
    </Stack>
  );
}

function TouchCard({ title, touch }: { title: ReactNode; touch: StoredTouch }) {
  const channelLabel = useChannelLabel();
  const { when } = useLeadLabels();
  const rows: Array<[ReactNode, ReactNode]> = [
    [
      <Trans key="c">Channel</Trans>,
      <Badge key="c" colorPalette="teal" data-testid="lead-channel">
        {channelLabel(touch.channel)}
      </Badge>,
    ],
  ];
  const text = (value: string | undefined, testId?: string) =>
    value ? (
      <bdi dir="auto" data-testid={testId}>
        {value}
      </bdi>
    ) : null;
  const add = (label: ReactNode, value: ReactNode) => {
    if (value) rows.push([label, value]);
  };
  add(<Trans key="s">Source</Trans>, text(touch.source, "lead-utm-source"));
  add(<Trans key="m">Medium</Trans>, text(touch.medium));
  add(<Trans key="ca">Campaign</Trans>, text(touch.campaign, "lead-campaign"));
  add(<Trans key="t">Term</Trans>, text(touch.term));
  add(<Trans key="co">Content</Trans>, text(touch.content));
  add(<Trans key="ad">Ad click</Trans>, touch.clickIds?.length ? <bdi dir="ltr">{touch.clickIds.join(", ")}</bdi> : null);
  add(<Trans key="r">Referring site</Trans>, touch.referrer ? <bdi dir="ltr">{touch.referrer}</bdi> : null);
  add(
    <Trans key="l">Landing page</Trans>,
    <bdi dir="ltr" data-testid="lead-landing-page">
      {readablePath(touch.landingPage)}
    </bdi>,
  );
  add(<Trans key="w">When</Trans>, when.format(new Date(touch.at)));
  return (
    <Stack gap="2" p="3" borderWidth="1px" rounded="md">
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      <FieldList items={rows} labelWidth="28" />
    </Stack>
  );
}
