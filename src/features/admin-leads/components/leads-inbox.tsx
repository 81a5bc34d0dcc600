import { Alert, Badge, Box, Button, Card, Container, Field, Flex, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Download, Eye, Search } from "lucide-react";
import { Pagination } from "@/components/pagination";
import { useLocale } from "@/lib/i18n/locale-context";
import { LEAD_TYPES, type LeadFilters, type LeadType, type Submission, leadEmail, leadName, leadPhone } from "../lib/leads";
import { useLeadTypeLabel } from "./lead-labels";

export interface LeadsInboxProps {
  status: "loading" | "failed" | "ready";
  /** The page's rows (filters and search already applied by the database). */
  leads: Submission[];
  /** How many submissions match, all pages together. */
  total: number;
  page: number;
  pageCount: number;
  /** Rows per page. */
  pageSize: number;
  /** The address of a page of the inbox (the links work in a new tab). */
  hrefFor: (page: number) => string;
  onPageChange: (page: number) => void;
  /** Every matching submission is being read for the CSV file. */
  exporting?: boolean;
  exportError?: string | null;
  /** Whether the current type/date filters or search narrow the list. */
  filtered: boolean;
  filters: LeadFilters;
  search: string;
  onFiltersChange: (filters: Partial<LeadFilters>) => void;
  onSearchChange: (value: string) => void;
  onOpen: (id: string) => void;
  onExport: () => void;
  onRetry?: () => void;
}

const typeColor: Record<LeadType, string> = { demo_booking: "brand", sales_lead: "sand", newsletter: "gray" };

/** The leads inbox: every stored submission, newest first; filter, search, open, export CSV. */
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
  filters,
  search,
  onFiltersChange,
  onSearchChange,
  onOpen,
  onExport,
  onRetry,
}: LeadsInboxProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const typeLabel = useLeadTypeLabel();
  const when = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" });
  const count = total;
  const nf = new Intl.NumberFormat(intl);
  const from = nf.format((page - 1) * pageSize + 1);
  const to = nf.format((page - 1) * pageSize + leads.length);
  const of = nf.format(total);

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
          <Box>
            <Heading as="h1" fontSize="3xl">
              <Trans>Leads</Trans>
            </Heading>
            <Text color="fg.muted" mt="1" aria-live="polite">
              {status === "ready" ? <Plural value={count} _0="No submissions" one="# submission" other="# submissions" /> : null}
            </Text>
          </Box>
          <Button colorPalette="brand" onClick={onExport} disabled={status !== "ready" || count === 0} loading={exporting} loadingText={t`Exporting…`}>
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
            <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
              <Field.Root>
                <Field.Label>
                  <Trans>Type</Trans>
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={filters.type} onChange={(e) => onFiltersChange({ type: e.target.value as LeadFilters["type"] })}>
                    <option value="all">{typeLabel("all")}</option>
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
                  <Trans>From</Trans>
                </Field.Label>
                <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onFiltersChange({ from: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label>
                  <Trans>To</Trans>
                </Field.Label>
                <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => onFiltersChange({ to: e.target.value })} />
              </Field.Root>
              <Field.Root>
                <Field.Label>
                  <Trans>Search</Trans>
                </Field.Label>
                <InputGroup startElement={<Search aria-hidden="true" size={16} />}>
                  <Input type="search" value={search} onChange={(e) => onSearchChange(e.target.value)} placeholder={t`Name or email`} />
                </InputGroup>
              </Field.Root>
            </SimpleGrid>
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
              {filtered ? <Trans>No submissions match these filters.</Trans> : <Trans>No submissions yet.</Trans>}
            </Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="md" interactive>
                <Table.Caption srOnly>
                  <Trans>Form submissions, newest first</Trans>
                </Table.Caption>
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader>
                      <Trans>Received</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Type</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Name</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Email</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Phone</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Trans>Details</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {leads.map((lead) => {
                    const who = leadName(lead) || leadEmail(lead);
                    return (
                      <Table.Row key={lead.id}>
                        <Table.Cell whiteSpace="nowrap">{when.format(new Date(lead.created_at))}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={typeColor[lead.form_type]} variant="subtle">
                            {typeLabel(lead.form_type)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell fontWeight="600">
                          <bdi>{leadName(lead) || "—"}</bdi>
                        </Table.Cell>
                        <Table.Cell>
                          <bdi>{leadEmail(lead)}</bdi>
                        </Table.Cell>
                        <Table.Cell>
                          <bdi>{leadPhone(lead) || "—"}</bdi>
                        </Table.Cell>
                        <Table.Cell>
                          <HStack justify="end">
                            <Button size="sm" variant="ghost" onClick={() => onOpen(lead.id)} aria-label={t`View details: ${who}`}>
                              <Eye aria-hidden="true" />
                              <Trans>View</Trans>
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
        {status === "ready" && count > 0 ? (
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={hrefFor}
            onNavigate={onPageChange}
            label={t`Lead pages`}
            summary={t`Submissions ${from}–${to} of ${of}`}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
