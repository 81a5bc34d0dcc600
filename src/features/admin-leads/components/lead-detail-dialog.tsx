import { Badge, Box, Button, CloseButton, DataList, Dialog, Link, Portal, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { type Submission, bookingTimes, leadCompany, leadEmail, leadName, leadPhone } from "../lib/leads";
import { useLeadTypeLabel } from "./lead-labels";

const KNOWN = new Set([
  "fullName",
  "email",
  "phone",
  "countryCode",
  "phoneNumber",
  "company",
  "companyName",
  "country",
  "city",
  "demoDate",
  "demoTime",
  "preferredCallTime",
  "callTime",
  "isEnterpriseInterested",
]);

const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : typeof v === "object" ? JSON.stringify(v) : String(v));

/** Every field of one submission; a booking's time in the visitor's zone and in Dubai time. */
export function LeadDetailDialog({ lead, onClose }: { lead: Submission | null; onClose: () => void }) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const typeLabel = useLeadTypeLabel();
  const p = lead?.payload ?? {};
  const times = lead ? bookingTimes(lead, intl) : null;
  const callTime = text(p.preferredCallTime ?? p.callTime);

  const items: Array<[ReactNode, ReactNode]> = [];
  const add = (label: ReactNode, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== "") items.push([label, value]);
  };
  // What the visitor typed keeps its own direction inside either layout.
  const own = (value: string | null | undefined) => (value ? <bdi>{value}</bdi> : null);
  if (lead) {
    add(t`Received`, new Intl.DateTimeFormat(intl, { dateStyle: "full", timeStyle: "short" }).format(new Date(lead.created_at)));
    add(t`Full name`, own(leadName(lead)));
    const email = leadEmail(lead);
    add(t`Email`, email ? <Link href={`mailto:${email}`} dir="ltr" color="brand.fg">{email}</Link> : null);
    const phone = leadPhone(lead);
    add(t`Phone`, phone ? <Link href={`tel:${phone}`} dir="ltr" color="brand.fg">{phone}</Link> : null);
    add(t`Company`, own(leadCompany(lead)));
    add(t`Country`, own(text(p.country)));
    add(t`City`, own(text(p.city)));
    if (lead.form_type === "demo_booking") {
      add(t`Demo date`, text(p.demoDate));
      add(t`Demo time`, text(p.demoTime));
      if (times) {
        const zone = times.visitorZone;
        add(t`In the visitor's time zone (${zone})`, times.visitor);
        add(t`In Dubai time`, times.dubai);
      }
    }
    add(t`Preferred call time`, callTime === "9-5" ? t`9 AM – 5 PM` : callTime === "5-9" ? t`5 PM – 9 PM` : callTime);
    if (p.isEnterpriseInterested !== undefined) add(t`Interested in Enterprise`, p.isEnterpriseInterested ? t`Yes` : t`No`);
    for (const [key, value] of Object.entries(p)) if (!KNOWN.has(key)) add(<bdi>{key}</bdi>, own(text(value)));
    add(t`Page`, lead.page_path ? <bdi>{lead.page_path}</bdi> : null);
    add(t`Language`, lead.locale === "ar" ? t`Arabic` : lead.locale === "en" ? t`English` : lead.locale);
    add(t`Time zone`, lead.time_zone ? <bdi>{lead.time_zone}</bdi> : null);
    add(t`Browser`, lead.user_agent ? <Text as="span" fontSize="xs" dir="ltr">{lead.user_agent}</Text> : null);
    add(t`Submission ID`, <Text as="span" fontSize="xs" fontFamily="mono" dir="ltr">{lead.submission_id}</Text>);
  }

  return (
    <Dialog.Root open={lead !== null} onOpenChange={(e) => (e.open ? undefined : onClose())} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title>{lead ? leadName(lead) || leadEmail(lead) : null}</Dialog.Title>
                {lead ? (
                  <Box>
                    <Badge colorPalette="brand">{typeLabel(lead.form_type)}</Badge>
                  </Box>
                ) : null}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <DataList.Root orientation="horizontal" size="md">
                {items.map(([label, value], i) => (
                  <DataList.Item key={i}>
                    <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
                    <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">
                  <Trans>Close</Trans>
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
