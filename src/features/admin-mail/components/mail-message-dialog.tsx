import { Badge, Box, Button, chakra, DataList, Dialog, Stack, Table, Tabs, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MailAttempt } from "@/lib/database.types";
import { ColumnHeaders } from "@/components/data/column-headers";
import { DetailDialog } from "@/components/feedback/detail-dialog";
import { useLocale } from "@/lib/i18n/locale-context";
import type { OutboxEntry } from "../api/list-outbox";
import { statusColor, useMailLabels } from "./mail-labels";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";

interface MailMessageDialogProps {
  entry: OutboxEntry | null;
  attempts: MailAttempt[] | null;
  onClose: () => void;
  onRetry: (id: string) => void;
}

/**
 * One message as its recipient sees it (the HTML in a sandboxed frame, or the plain text), with the
 * delivery log: every try, what the server at the other end said and how long it took.
 */
export function MailMessageDialog({ entry, attempts, onClose, onRetry }: MailMessageDialogProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const labels = useMailLabels();
  const timeZone = useStaffTimeZone();
  const when = { format: (d: Date) => formatZoned(d, timeZone, locale) };
  return (
    <DetailDialog
      open={entry !== null}
      onClose={onClose}
      header={
        <Stack gap="1">
          <Dialog.Title>{entry ? (entry.subject ?? labels.kind[entry.kind]) : null}</Dialog.Title>
          {entry ? (
            <Box>
              <Badge colorPalette={statusColor[entry.status]}>{labels.status[entry.status]}</Badge>
            </Box>
          ) : null}
        </Stack>
      }
      closeLabel={<Trans>Close</Trans>}
      closeName={t`Close`}
      actions={
        entry && (entry.status === "failed" || entry.status === "skipped") ? (
          <Button colorPalette="brand" onClick={() => onRetry(entry.id)}>
            <Trans>Send again</Trans>
          </Button>
        ) : null
      }
    >
      {entry ? (
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel minW="32">
                <Trans>Type</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>{labels.kind[entry.kind]}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="32">
                <Trans>To</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue dir="ltr" textAlign="start">
                {entry.recipient ?? "—"}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="32">
                <Trans>Tries</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>{entry.attempts}</DataList.ItemValue>
            </DataList.Item>
            {entry.last_error ? (
              <DataList.Item>
                <DataList.ItemLabel minW="32">
                  <Trans>Reason</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue color={entry.status === "failed" ? "red.700" : undefined} dir="auto">
                  {labels.reason(entry.last_error)}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
          {entry.channel === "email" && entry.html_body ? (
            <Tabs.Root defaultValue="html" variant="enclosed" size="sm">
              <Tabs.List>
                <Tabs.Trigger value="html">
                  <Trans>As sent (HTML)</Trans>
                </Tabs.Trigger>
                <Tabs.Trigger value="text">
                  <Trans>Plain text</Trans>
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="html">
                <chakra.iframe
                  title={t`Message preview`}
                  srcDoc={entry.html_body}
                  sandbox=""
                  w="full"
                  h="480px"
                  borderWidth="1px"
                  rounded="md"
                  bg="white"
                />
              </Tabs.Content>
              <Tabs.Content value="text">
                <Text
                  as="pre"
                  whiteSpace="pre-wrap"
                  fontSize="sm"
                  dir={entry.locale === "ar" ? "rtl" : "ltr"}
                  p="3"
                  bg="bg.muted"
                  rounded="md"
                >
                  {entry.text_body}
                </Text>
              </Tabs.Content>
            </Tabs.Root>
          ) : null}
          <Box>
            <Text fontWeight="600" mb="2">
              <Trans>Delivery log</Trans>
            </Text>
            {attempts === null ? (
              <Text color="fg.muted">
                <Trans>Loading…</Trans>
              </Text>
            ) : attempts.length === 0 ? (
              <Text color="fg.muted">
                <Trans>No tries yet.</Trans>
              </Text>
            ) : (
              <Table.Root size="sm">
                <ColumnHeaders
                  columns={[
                    { key: "when", label: <Trans>When</Trans> },
                    { key: "result", label: <Trans>Result</Trans> },
                    { key: "answer", label: <Trans>Answer</Trans> },
                  ]}
                />
                <Table.Body>
                  {attempts.map((a) => (
                    <Table.Row key={a.id}>
                      <Table.Cell whiteSpace="nowrap">{when.format(new Date(a.attempted_at))}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={a.ok ? "green" : "red"}>{a.ok ? t`Delivered` : t`Failed`}</Badge>
                      </Table.Cell>
                      <Table.Cell dir="ltr" textAlign="start" fontSize="xs" wordBreak="break-word">
                        {a.detail} {a.duration_ms !== null ? t`(${a.duration_ms} ms)` : ""}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Box>
        </Stack>
      ) : null}
    </DetailDialog>
  );
}
