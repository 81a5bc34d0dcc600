import { Alert, Badge, Box, Button, chakra, Field, Flex, Input, Stack, Table, Tabs, Text, useBreakpointValue } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Download, Eye, RotateCw } from "lucide-react";
import { type FormEvent, useState } from "react";
import { RefreshButton } from "@/components/refresh-button";
import { DataTable } from "@/components/data/data-table";
import { NoticeAlert } from "@/components/feedback/notice-alert";
import { LoadingLine } from "@/components/feedback/loading-line";
import { RetryAlert } from "@/components/feedback/retry-alert";
import { AdminScreen } from "@/components/layout/screen-header";
import type { NewsletterSubscriber } from "@/lib/database.types";
import { useLocale } from "@/lib/i18n/locale-context";
import type { ErasureResult } from "../api/erase-personal-data";
import type { OutboxEntry } from "../api/list-outbox";
import { statusColor, useMailLabels } from "./mail-labels";
import { formatZoned, useStaffTimeZone } from "@/lib/staff-clock/staff-clock";

interface MailAdminProps {
  status: "loading" | "failed" | "ready";
  outbox: OutboxEntry[];
  subscribers: NewsletterSubscriber[];
  /** False when the server runs without SMTP_URL: messages wait. */
  mailConfigured?: boolean | null;
  retrying?: string | null;
  onOpen: (id: string) => void;
  onRetry: (id: string) => void;
  onReload: () => void;
  onExport: () => void;
  onErase: (email: string) => Promise<ErasureResult>;
  defaultTab?: "messages" | "webhooks" | "subscribers" | "erase";
}

/** Admin → Mail: every message and webhook delivery with its status, newsletter subscribers, erasure. */
export function MailAdmin(props: MailAdminProps) {
  const { status, outbox } = props;
  const emails = outbox.filter((m) => m.channel === "email");
  const hooks = outbox.filter((m) => m.channel === "webhook");
  const waiting = emails.filter((m) => m.status === "pending").length;
  const failed = outbox.filter((m) => m.status === "failed").length;

  return (
    <AdminScreen
      title={<Trans>Mail</Trans>}
      description={<Trans>Every message and webhook delivery the site makes, with its status. Failed ones can be sent again.</Trans>}
      actions={<RefreshButton onClick={props.onReload} loading={status === "loading"} />}
    >
      {status === "ready" && waiting > 0 ? (
        <NoticeAlert
          status="warning"
          title={<Plural value={waiting} one="# message is waiting to be sent" other="# messages are waiting to be sent" />}
          description={
            <Trans>
              If mail is not configured (SMTP_URL, MAIL_FROM, SALES_NOTIFY_EMAIL), messages wait here and nothing is lost; they are sent
              once it is.
            </Trans>
          }
        />
      ) : null}
      {status === "ready" && failed > 0 ? (
        <NoticeAlert
          status="error"
          title={<Plural value={failed} one="# delivery failed" other="# deliveries failed" />}
          description={<Trans>Open one to read the reason, then send it again.</Trans>}
        />
      ) : null}

      {status === "failed" ? (
        <RetryAlert
          title={<Trans>Could not load the outbox</Trans>}
          description={<Trans>Please try again later.</Trans>}
          retryLabel={<Trans>Try again</Trans>}
          onRetry={props.onReload}
        />
      ) : null}

      <Tabs.Root defaultValue={props.defaultTab ?? "messages"} variant="line" lazyMount>
        {/* On a phone the tabs wrap onto a second line (their counts are badges beside the label, never over it). */}
        <Tabs.List flexWrap="wrap" rowGap="1" data-testid="mail-tabs">
          <Tabs.Trigger value="messages" {...TAB}>
            <Trans>Messages</Trans> <Badge>{emails.length}</Badge>
          </Tabs.Trigger>
          <Tabs.Trigger value="webhooks" {...TAB}>
            <Trans>Webhook deliveries</Trans> <Badge>{hooks.length}</Badge>
          </Tabs.Trigger>
          <Tabs.Trigger value="subscribers" {...TAB}>
            <Trans>Subscribers</Trans> <Badge>{props.subscribers.length}</Badge>
          </Tabs.Trigger>
          <Tabs.Trigger value="erase" {...TAB}>
            <Trans>Erase data</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="messages">
          <OutboxTable
            rows={emails}
            {...props}
            empty={<Trans>No messages yet. They appear here as soon as a visitor sends a form.</Trans>}
          />
        </Tabs.Content>
        <Tabs.Content value="webhooks">
          <OutboxTable
            rows={hooks}
            {...props}
            empty={<Trans>No webhook deliveries yet. Set LEAD_WEBHOOK_URL to send every lead to your CRM.</Trans>}
          />
        </Tabs.Content>
        <Tabs.Content value="subscribers">
          <SubscribersTable rows={props.subscribers} status={status} onExport={props.onExport} />
        </Tabs.Content>
        <Tabs.Content value="erase">
          <EraseForm onErase={props.onErase} />
        </Tabs.Content>
      </Tabs.Root>
    </AdminScreen>
  );
}

/** Tab triggers: a 44 px touch target; the label and its count stay on one line, the list wraps. */
const TAB = { minH: "11", flexShrink: 0, whiteSpace: "nowrap", gap: "1.5" } as const;

function OutboxTable({ rows, status, retrying, onOpen, onRetry, empty }: MailAdminProps & { rows: OutboxEntry[]; empty: React.ReactNode }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const labels = useMailLabels();
  // Every time in the admin says its zone: the member's own (docs/leads.md, one clock rule).
  const timeZone = useStaffTimeZone();
  const when = { format: (d: Date) => formatZoned(d, timeZone, locale) };
  // One layout at a time (the admin renders in the browser only): cards on a phone, the table from tablet width up.
  const cards = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  if (status === "loading" && rows.length === 0) {
    return (
      <LoadingLine py="10" justify="center">
        <Trans>Loading…</Trans>
      </LoadingLine>
    );
  }
  if (rows.length === 0) {
    return (
      <Text py="8" color="fg.muted">
        {empty}
      </Text>
    );
  }
  const reasonOf = (m: OutboxEntry) =>
    m.last_error && m.status !== "sent" ? (
      <Text
        fontSize="xs"
        color={m.status === "failed" ? "red.700" : "fg.muted"}
        maxW={{ base: "full", md: "64" }}
        truncate
        dir="auto"
        title={labels.reason(m.last_error)}
        data-testid="mail-reason"
      >
        {labels.reason(m.last_error)}
      </Text>
    ) : null;
  const actionsOf = (m: OutboxEntry) => (
    <Flex gap="1" wrap="wrap">
      <Button
        size="xs"
        minH={{ base: "11", md: "auto" }}
        variant="ghost"
        onClick={() => onOpen(m.id)}
        aria-label={t`Open ${labels.kind[m.kind]} from ${when.format(new Date(m.created_at))}`}
      >
        <Eye aria-hidden="true" />
        <Trans>Open</Trans>
      </Button>
      {m.status === "failed" || m.status === "skipped" ? (
        <Button
          size="xs"
          minH={{ base: "11", md: "auto" }}
          variant="outline"
          colorPalette="brand"
          onClick={() => onRetry(m.id)}
          loading={retrying === m.id}
          loadingText={t`Sending…`}
        >
          <RotateCw aria-hidden="true" />
          <Trans>Send again</Trans>
        </Button>
      ) : null}
    </Flex>
  );
  return (
    <>
      {/* A phone: one card per message, nothing scrolls sideways. */}
      {cards ? (
        <Stack as="ul" gap="3" listStyleType="none" ps="0" mt="3" aria-label={t`Messages`} data-testid="mail-cards">
          {rows.map((m) => (
            <Stack as="li" key={m.id} gap="1.5" layerStyle="panel" p="3" minW="0">
              <Flex gap="2" wrap="wrap" align="center" justify="space-between">
                <Text fontWeight="600">{labels.kind[m.kind]}</Text>
                <Badge colorPalette={statusColor[m.status]}>{labels.status[m.status]}</Badge>
              </Flex>
              {/* An address is one word: cut with an ellipsis (the whole of it in the title), never broken mid-word. */}
              <Text fontSize="sm" truncate title={m.recipient ?? undefined}>
                <bdi dir="ltr">{m.recipient ?? "—"}</bdi>
              </Text>
              {m.subject ? (
                <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto">
                  {m.subject}
                </Text>
              ) : null}
              <Text fontSize="xs" color="fg.muted">
                {when.format(new Date(m.created_at))}
              </Text>
              {reasonOf(m)}
              {actionsOf(m)}
            </Stack>
          ))}
        </Stack>
      ) : (
        <DataTable
          framed
          size="sm"
          columns={[
            { key: "created", label: <Trans>Created</Trans> },
            { key: "type", label: <Trans>Type</Trans> },
            { key: "to", label: <Trans>To</Trans> },
            { key: "subject", label: <Trans>Subject</Trans> },
            { key: "status", label: <Trans>Status</Trans> },
            { key: "actions", label: <Trans>Actions</Trans> },
          ]}
          rows={rows}
          renderRow={(m) => (
            <Table.Row key={m.id}>
              <Table.Cell whiteSpace="nowrap">{when.format(new Date(m.created_at))}</Table.Cell>
              <Table.Cell>{labels.kind[m.kind]}</Table.Cell>
              <Table.Cell dir="ltr" textAlign="start" maxW="56" truncate>
                {m.recipient ?? "—"}
              </Table.Cell>
              <Table.Cell maxW="80" truncate>
                {m.subject ?? "—"}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0.5">
                  <Badge colorPalette={statusColor[m.status]} w="fit-content">
                    {labels.status[m.status]}
                  </Badge>
                  {reasonOf(m)}
                </Stack>
              </Table.Cell>
              <Table.Cell>{actionsOf(m)}</Table.Cell>
            </Table.Row>
          )}
        />
      )}
    </>
  );
}

function SubscribersTable({
  rows,
  status,
  onExport,
}: {
  rows: NewsletterSubscriber[];
  status: MailAdminProps["status"];
  onExport: () => void;
}) {
  const { locale } = useLocale();
  const labels = useMailLabels();
  const timeZone = useStaffTimeZone();
  const when = { format: (d: Date) => formatZoned(d, timeZone, locale) };
  const confirmed = rows.filter((r) => r.status === "confirmed").length;
  const color = { pending: "yellow", confirmed: "green", unsubscribed: "gray" } as const;
  return (
    <Stack gap="4" pt="2">
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Text color="fg.muted">
          <Trans>
            Only confirmed addresses count as subscribers: {confirmed} of {rows.length}.
          </Trans>
        </Text>
        <Button size="sm" variant="outline" onClick={onExport} disabled={confirmed === 0 || status !== "ready"}>
          <Download aria-hidden="true" />
          <Trans>Export confirmed (CSV)</Trans>
        </Button>
      </Flex>
      {rows.length === 0 ? (
        <Text py="6" color="fg.muted">
          <Trans>No one has signed up for the newsletter yet.</Trans>
        </Text>
      ) : (
        <DataTable
          framed
          size="sm"
          columns={[
            { key: "email", label: <Trans>Email</Trans> },
            { key: "status", label: <Trans>Status</Trans> },
            { key: "signed-up", label: <Trans>Signed up</Trans> },
            { key: "page", label: <Trans>Page</Trans> },
            { key: "consent-version", label: <Trans>Consent version</Trans> },
          ]}
          rows={rows}
          renderRow={(r) => (
            <Table.Row key={r.id}>
              <Table.Cell dir="ltr" textAlign="start">
                {r.email}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={color[r.status]}>{labels.subscriber[r.status]}</Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{when.format(new Date(r.consented_at ?? r.created_at))}</Table.Cell>
              <Table.Cell dir="ltr" textAlign="start">
                {r.consent_page ?? "—"}
              </Table.Cell>
              <Table.Cell dir="ltr" textAlign="start">
                {r.consent_version ?? "—"}
              </Table.Cell>
            </Table.Row>
          )}
        />
      )}
    </Stack>
  );
}

function EraseForm({ onErase }: { onErase: (email: string) => Promise<ErasureResult> }) {
  const { t } = useLingui();
  const [email, setEmail] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ email: string; counts: ErasureResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = /^[^\s@]+@[^\s@]+$/.test(email.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return setError(t`Please enter a valid email address`);
    if (!confirming) return setConfirming(true);
    setBusy(true);
    setError(null);
    try {
      const counts = await onErase(email.trim());
      setResult({ email: email.trim(), counts });
      setEmail("");
      setConfirming(false);
    } catch {
      setError(t`The data could not be erased. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      pt="2"
      maxW="xl"
      onSubmit={submit}
      aria-label={t`Erase personal data`}
      noValidate
    >
      <Text>
        <Trans>
          For a deletion request (UAE PDPL, GDPR, PIPEDA): erases every form submission, the newsletter subscription and every message held
          for one email address. It cannot be undone; the erasure is recorded in the audit log without the address.
        </Trans>
      </Text>
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          <Trans>Email address</Trans>
        </Field.Label>
        <Input
          type="email"
          dir="ltr"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setConfirming(false);
            setError(null);
          }}
          autoComplete="off"
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {confirming ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              <Trans>Erase everything held about {email.trim()}? This cannot be undone.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Box>
        <Button type="submit" colorPalette="red" loading={busy} loadingText={t`Erasing…`}>
          {confirming ? <Trans>Yes, erase everything</Trans> : <Trans>Erase</Trans>}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {result ? (
          <NoticeAlert
            status="success"
            title={<Trans>Erased the data of {result.email}</Trans>}
            description={
              <Trans>
                Submissions: {result.counts.submissions}. Subscriptions: {result.counts.subscribers}. Messages: {result.counts.messages}.
              </Trans>
            }
          />
        ) : null}
      </Box>
    </chakra.form>
  );
}
