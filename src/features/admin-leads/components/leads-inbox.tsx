import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  Container,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  Wrap,
} from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { AlarmClock, Download, Eye, Search } from "lucide-react";
import { Pagination } from "@/components/pagination";
import { useLocale } from "@/lib/i18n/locale-context";
import type { LeadOwner } from "../api/list-lead-owners";
import { DUBAI_TIME_ZONE, LEAD_TYPES } from "../lib/leads";
import { LEAD_SORTS, LEAD_STATUSES, type Lead, type LeadQuery, type LeadSort } from "../lib/pipeline";
import { statusColor, useLeadStatusLabel, useLeadTypeLabel } from "./lead-labels";

interface LeadsInboxProps {
  status: "loading" | "failed" | "ready";
  /** The page's leads (filters and search already applied by the database). */
  leads: Lead[];
  /** How many leads match, all pages together. */
  total: number;
  page: number;
  pageCount: number;
  /** Leads per page. */
  pageSize: number;
  /** The address of a page of the inbox with the same filters (the links work in a new tab). */
  hrefFor: (page: number) => string;
  onPageChange: (page: number) => void;
  /** Every matching lead is being read for the CSV file. */
  exporting?: boolean;
  exportError?: string | null;
  /** Whether filters or search narrow the list. */
  filtered: boolean;
  query: LeadQuery;
  /** Team members a lead can belong to (for the owner filter and names). */
  owners: LeadOwner[];
  onQueryChange: (query: Partial<Omit<LeadQuery, "page" | "q">>) => void;
  onSearchChange: (value: string) => void;
  onOpen: (id: string) => void;
  onExport: () => void;
  onRetry?: () => void;
}

const typeColor = { demo_booking: "brand", sales_lead: "sand", newsletter: "gray" } as const;

/** The leads inbox: one row per person, with status, owner, last activity and overdue leads flagged. */
export function LeadsInbox({
  status,
  leads,
  total,
  page,
  pageCount,
  pageSize,
  hrefFor,
  onPageChange,
  exporting = false,
  exportError = null,
  filtered,
  query,
  owners,
  onQueryChange,
  onSearchChange,
  onOpen,
  onExport,
  onRetry,
}: LeadsInboxProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const typeLabel = useLeadTypeLabel();
  const statusLabel = useLeadStatusLabel();
  const when = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short", timeZone: DUBAI_TIME_ZONE });
  const nf = new Intl.NumberFormat(intl);
  const from = nf.format((page - 1) * pageSize + 1);
  const to = nf.format((page - 1) * pageSize + leads.length);
  const of = nf.format(total);
  const ownerEmail = new Map(owners.map((o) => [o.user_id, o.email]));
  const sortLabel: Record<LeadSort, string> = {
    newest: t`Newest first`,
    oldest: t`Oldest first`,
    activity: t`Latest activity`,
    name: t`Name (A–Z)`,
  };

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
          <Box>
            <Heading as="h1" fontSize="3xl">
              <Trans>Leads</Trans>
            </Heading>
            <Text color="fg.muted" mt="1" aria-live="polite">
              {status === "ready" ? <Plural value={total} _0="No leads" one="# lead" other="# leads" /> : null}
            </Text>
          </Box>
          <Button
            colorPalette="brand"
            onClick={onExport}
            disabled={status !== "ready" || total === 0}
            loading={exporting}
            loadingText={t`Exporting…`}
          >
            <Download aria-hidden="true" />
            <Trans>Export CSV</Trans>
          </Button>
        </Flex>

        {exportError ? (
          <Alert.Root status="error" rounded="lg">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>The export failed. Please try again.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : null}

        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
                <Field.Root>
                  <Field.Label>
                    <Trans>Search</Trans>
                  </Field.Label>
                  <InputGroup startElement={<Search aria-hidden="true" size={16} />}>
                    <Input
                      type="search"
                      value={query.q}
                      onChange={(e) => onSearchChange(e.target.value)}
                      placeholder={t`Name, email or phone`}
                    />
                  </InputGroup>
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Status</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={query.status}
                      onChange={(e) => onQueryChange({ status: e.target.value as LeadQuery["status"] })}
                    >
                      <option value="">{t`All but spam`}</option>
                      {LEAD_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {statusLabel(s)}
                        </option>
                      ))}
                      <option value="any">{t`All, spam included`}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans context="lead owner">Owner</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={query.owner} onChange={(e) => onQueryChange({ owner: e.target.value })}>
                      <option value="">{t`Anyone`}</option>
                      <option value="none">{t`Unassigned`}</option>
                      {owners.map((o) => (
                        <option key={o.user_id} value={o.user_id}>
                          {o.email}
                        </option>
                      ))}
                      {query.owner && query.owner !== "none" && !ownerEmail.has(query.owner) ? (
                        <option value={query.owner}>{t`A former team member`}</option>
                      ) : null}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Form</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={query.type} onChange={(e) => onQueryChange({ type: e.target.value as LeadQuery["type"] })}>
                      <option value="">{typeLabel("all")}</option>
                      {LEAD_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {typeLabel(type)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Country</Trans>
                  </Field.Label>
                  <Input value={query.country} onChange={(e) => onQueryChange({ country: e.target.value })} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Arrived from (Dubai time)</Trans>
                  </Field.Label>
                  <Input
                    type="date"
                    value={query.from}
                    max={query.to || undefined}
                    onChange={(e) => onQueryChange({ from: e.target.value })}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Arrived until (Dubai time)</Trans>
                  </Field.Label>
                  <Input
                    type="date"
                    value={query.to}
                    min={query.from || undefined}
                    onChange={(e) => onQueryChange({ to: e.target.value })}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>
                    <Trans>Sort</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={query.sort} onChange={(e) => onQueryChange({ sort: e.target.value as LeadSort })}>
                      {LEAD_SORTS.map((s) => (
                        <option key={s} value={s}>
                          {sortLabel[s]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </SimpleGrid>
              <Wrap gap="4" align="center">
                <Checkbox.Root
                  checked={query.overdue}
                  onCheckedChange={(e) => onQueryChange({ overdue: e.checked === true })}
                  colorPalette="red"
                >
                  <Checkbox.HiddenInput />
                  {/* A span, not Chakra's default div: the root is a <label>, which may hold phrasing content only. */}
                  <Checkbox.Control asChild>
                    <span>
                      <Checkbox.Indicator />
                    </span>
                  </Checkbox.Control>
                  <Checkbox.Label>
                    <Trans>Only overdue (new for more than 24 hours)</Trans>
                  </Checkbox.Label>
                </Checkbox.Root>
                {query.source ? (
                  <HStack gap="1" bg="bg.muted" rounded="full" ps="3" pe="1" py="0.5">
                    <Text fontSize="sm">
                      <Trans>
                        First page: <bdi>{query.source}</bdi>
                      </Trans>
                    </Text>
                    <CloseButton size="2xs" aria-label={t`Clear the page filter`} onClick={() => onQueryChange({ source: "" })} />
                  </HStack>
                ) : null}
              </Wrap>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Card.Root overflow="hidden">
          {status === "loading" ? (
            <Flex justify="center" py="16" role="status">
              <Spinner color="brand.solid" size="lg" />
              <Box srOnly>
                <Trans>Loading leads…</Trans>
              </Box>
            </Flex>
          ) : status === "failed" ? (
            <Stack align="center" py="12" gap="3" role="alert">
              <Text fontWeight="600">
                <Trans>Failed to load leads.</Trans>
              </Text>
              <Text color="fg.muted">
                <Trans>Please try again later.</Trans>
              </Text>
              {onRetry ? (
                <Button variant="outline" size="sm" onClick={onRetry}>
                  <Trans>Try again</Trans>
                </Button>
              ) : null}
            </Stack>
          ) : leads.length === 0 ? (
            <Text color="fg.muted" textAlign="center" py="12">
              {filtered ? <Trans>No leads match these filters.</Trans> : <Trans>No leads yet.</Trans>}
            </Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="md" interactive>
                <Table.Caption srOnly>
                  <Trans>Leads, one row per person; times in Dubai time</Trans>
                </Table.Caption>
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>
                      <Trans>Person</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Status</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans context="lead owner">Owner</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Forms</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Arrived</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Last activity</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Details</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {leads.map((lead) => {
                    const who = lead.full_name || lead.email || lead.phone || t`Unnamed lead`;
                    const owner = lead.owner_id ? ownerEmail.get(lead.owner_id) : null;
                    return (
                      <Table.Row key={lead.id} data-overdue={lead.overdue || undefined} bg={lead.overdue ? "red.subtle" : undefined}>
                        <Table.Cell>
                          <Text fontWeight="600">
                            <bdi>{lead.full_name || "—"}</bdi>
                          </Text>
                          <Text fontSize="sm" color="fg.muted">
                            <bdi>{lead.email || lead.phone || ""}</bdi>
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Wrap gap="1">
                            <Badge colorPalette={statusColor[lead.status]} variant="subtle">
                              {statusLabel(lead.status)}
                            </Badge>
                            {lead.overdue ? (
                              <Badge colorPalette="red" variant="outline">
                                <AlarmClock aria-hidden="true" size={12} />
                                <Trans>Overdue</Trans>
                              </Badge>
                            ) : null}
                          </Wrap>
                        </Table.Cell>
                        <Table.Cell>
                          {lead.owner_id ? (
                            <bdi>{owner ?? t`A former team member`}</bdi>
                          ) : (
                            <Text as="span" color="fg.muted">
                              <Trans>Unassigned</Trans>
                            </Text>
                          )}
                        </Table.Cell>
                        <Table.Cell>
                          <Wrap gap="1">
                            {lead.form_types.map((type) => (
                              <Badge key={type} colorPalette={typeColor[type as keyof typeof typeColor] ?? "gray"} variant="outline">
                                {typeLabel(type as (typeof LEAD_TYPES)[number])}
                              </Badge>
                            ))}
                          </Wrap>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{when.format(new Date(lead.created_at))}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{when.format(new Date(lead.last_activity_at))}</Table.Cell>
                        <Table.Cell>
                          <HStack justify="end">
                            <Button size="sm" variant="ghost" onClick={() => onOpen(lead.id)} aria-label={t`Open lead: ${who}`}>
                              <Eye aria-hidden="true" />
                              <Trans>Open</Trans>
                            </Button>
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Card.Root>
        {status === "ready" && total > 0 ? (
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={hrefFor}
            onNavigate={onPageChange}
            label={t`Lead pages`}
            summary={t`Leads ${from}–${to} of ${of}`}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
