import { Badge, Button, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Plus } from "lucide-react";
import { RefreshButton } from "@/components/refresh-button";
import { DataTable } from "@/components/data/data-table";
import { LoadingLine } from "@/components/feedback/loading-line";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { AdminScreen } from "@/components/layout/screen-header";
import { useLocale } from "@/lib/i18n/locale-context";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";
import type { IssueEntry } from "../api/list-issues";
import { issueStatusColor, useNewsletterLabels } from "./newsletter-labels";

interface NewslettersAdminProps {
  status: "loading" | "failed" | "ready";
  issues: IssueEntry[];
  onNew: () => void;
  onOpen: (id: string) => void;
  onReload: () => void;
}

/** Admin → Newsletter: every issue with its status and figures (sent, failed, unsubscribed after it). */
export function NewslettersAdmin({ status, issues, onNew, onOpen, onReload }: NewslettersAdminProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const labels = useNewsletterLabels();
  const timeZone = useStaffTimeZone();
  const when = (d: string | null) => (d ? formatZoned(d, timeZone, locale) : "—");
  const n = (v: number | undefined) => (v === undefined ? "—" : new Intl.NumberFormat("en-US").format(v));

  return (
    <AdminScreen
      title={<Trans>Newsletter</Trans>}
      description={
        <Trans>
          Write an issue in one language, send yourself a test, then send or schedule it to the confirmed subscribers of that language.
        </Trans>
      }
      actions={
        <>
          <RefreshButton onClick={onReload} loading={status === "loading"} />
          <Button colorPalette="brand" onClick={onNew}>
            <Plus aria-hidden="true" />
            <Trans>New issue</Trans>
          </Button>
        </>
      }
    >
      {status === "failed" ? (
        <RetryAlert
          title={<Trans>Could not load the issues</Trans>}
          description={<Trans>Please try again later.</Trans>}
          retryLabel={<Trans>Try again</Trans>}
          onRetry={onReload}
        />
      ) : null}
      {status === "loading" && issues.length === 0 ? (
        <LoadingLine py="10" justify="center">
          <Trans>Loading…</Trans>
        </LoadingLine>
      ) : status === "ready" && issues.length === 0 ? (
        <Text py="8" color="fg.muted">
          <Trans>No issues yet. Start one from a published post or from your own text.</Trans>
        </Text>
      ) : issues.length > 0 ? (
        <DataTable
          testId="newsletter-issues"
          caption={<Trans>Newsletter issues</Trans>}
          framed
          size="sm"
          columns={[
            { key: "subject", label: <Trans>Subject</Trans> },
            { key: "language", label: <Trans>Language</Trans> },
            { key: "status", label: <Trans>Status</Trans> },
            { key: "when", label: <Trans>Sent or scheduled</Trans> },
            { key: "recipients", label: <Trans>Recipients</Trans> },
            { key: "sent", label: <Trans>Delivered</Trans> },
            { key: "failed", label: <Trans>Failed</Trans> },
            { key: "unsubscribed", label: <Trans>Unsubscribed after it</Trans> },
            { key: "actions", label: <Trans>Actions</Trans> },
          ]}
          rows={issues}
          renderRow={(i) => {
            const subject = i.subject;
            return (
              <Table.Row key={i.id}>
                <Table.Cell maxW="72" truncate dir="auto" lang={i.language}>
                  {i.subject}
                </Table.Cell>
                <Table.Cell>{labels.language[i.language === "en" ? "en" : "ar"]}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={issueStatusColor[i.status]}>{labels.status[i.status]}</Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{when(i.sent_at ?? i.scheduled_at)}</Table.Cell>
                <Table.Cell>{n(i.figures?.recipients)}</Table.Cell>
                <Table.Cell>{n(i.figures?.sent)}</Table.Cell>
                <Table.Cell>{n(i.figures?.failed)}</Table.Cell>
                <Table.Cell>{n(i.figures?.unsubscribed)}</Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="ghost" onClick={() => onOpen(i.id)} aria-label={t`Open ${subject}`}>
                    <Pencil aria-hidden="true" />
                    <Trans>Open</Trans>
                  </Button>
                </Table.Cell>
              </Table.Row>
            );
          }}
        />
      ) : null}
    </AdminScreen>
  );
}
