import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  CloseButton,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Wrap,
} from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Download, Eye, SlidersHorizontal } from "lucide-react";
import { DataTable } from "@/components/data/data-table";
import { EmailText } from "@/components/data/email-text";
import { type ListPaging, PagedListCard, shownRange } from "@/components/data/paged-list-card";
import { FilterField, SearchFilter, SelectFilter } from "@/components/data/filter-fields";
import { AdminScreen } from "@/components/layout/screen-header";
import { useId, useMemo, useState } from "react";
import { CHANNELS } from "@/lib/attribution/attribution";
import { useLocale } from "@/lib/i18n/locale-context";
import type { LeadOwner } from "../api/list-lead-owners";
import { countryNames } from "../lib/countries";
import { LEAD_TYPES } from "../lib/leads";
import { displayPhone } from "../lib/phone";
import { LEAD_SORTS, LEAD_STATUSES, type Lead, type LeadQuery, type LeadSort, activeFilterCount, readablePath } from "../lib/pipeline";
import { type LeadsBulk, LeadsBulkBar } from "./leads-bulk-bar";
import { type SavedViews, SavedViewsBar } from "./saved-views-bar";
import { SelectBox } from "./select-box";
import { statusColor, useLeadCountry, useLeadLabels } from "./lead-labels";
import { useChannelLabel } from "@/lib/attribution/channel-label";
import { OverdueBadge } from "./overdue-badge";
import { CheckboxControl } from "@/components/forms/checkbox-control";

interface LeadsInboxProps {
  status: "loading" | "failed" | "ready";
  /** The page's leads (filters and search already applied by the database). */
  leads: Lead[];
  /** Which page of the matching leads this is (`total`: how many match, all pages together). */
  paging: ListPaging;
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
  /** Select leads and change them all at once (absent: no selection column). */
  bulk?: LeadsBulk;
  /** The member's saved views (absent: none shown). */
  views?: SavedViews;
}

const typeColor = { demo_booking: "brand", sales_lead: "sand", newsletter: "gray" } as const;

/** The leads inbox: one row per person, with status, owner, last activity and overdue leads flagged. */
export function LeadsInbox({
  status,
  leads,
  paging,
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
  bulk,
  views,
}: LeadsInboxProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const { statusLabel, typeLabel, when } = useLeadLabels();
  const channelLabel = useChannelLabel();
  const leadCountry = useLeadCountry();
  const countryListId = useId();
  const filtersId = useId();
  // On a phone the filters fold behind "Filters (n)": the first lead shows without scrolling past them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = activeFilterCount(query);
  const selected = new Set(bulk?.selected ?? []);
  // Kept here, where it outlives a reload of the list (the bulk bar is not shown while the list loads).
  const [bulkAction, setBulkAction] = useState("");
  const pageIds = leads.map((l) => l.id);
  const pageSelected = pageIds.filter((id) => selected.has(id)).length;
  const countrySuggestions = useMemo(() => countryNames(intl), [intl]);
  const nf = new Intl.NumberFormat(intl);
  const { total } = paging;
  const range = shownRange(paging, leads.length);
  const from = nf.format(range.first);
  const to = nf.format(range.last);
  const of = nf.format(total);
  const ownerEmail = new Map(owners.map((o) => [o.user_id, o.email]));
  const sortLabel: Record<LeadSort, string> = {
    newest: t`Newest first`,
    oldest: t`Oldest first`,
    activity: t`Latest activity`,
    name: t`Name (A–Z)`,
  };

  return (
    <AdminScreen
      px={{ base: "3", md: "6" }}
      title={<Trans>Leads</Trans>}
      description={status === "ready" ? <Plural value={total} _0="No leads" one="# lead" other="# leads" /> : null}
      live
      actions={
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
      }
    >
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
            {views ? <SavedViewsBar views={views} /> : null}
            <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
              <SearchFilter label={<Trans>Search</Trans>} value={query.q} onChange={onSearchChange} placeholder={t`Name, email or phone`} />
              <Button
                hideFrom="md"
                variant="outline"
                minH="11"
                justifyContent="space-between"
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((o) => !o)}
                data-testid="filters-toggle"
              >
                <HStack as="span" gap="2">
                  <SlidersHorizontal aria-hidden="true" />
                  <span>{t`Filters (${filterCount})`}</span>
                </HStack>
              </Button>
              {/* display: contents keeps the fields in the grid from tablet width up; on a phone they fold. */}
              <Box id={filtersId} display={{ base: filtersOpen ? "contents" : "none", md: "contents" }} data-testid="filters">
                <SelectFilter label={<Trans>Show</Trans>} value={query.kind} onChange={(kind) => onQueryChange({ kind })}>
                  <option value="">{t`Sales leads`}</option>
                  <option value="subscribers">{t`Newsletter subscribers`}</option>
                  <option value="all">{t`Leads and subscribers`}</option>
                </SelectFilter>
                <SelectFilter label={<Trans>Status</Trans>} value={query.status} onChange={(status) => onQueryChange({ status })}>
                  <option value="">{t`All but spam`}</option>
                  {LEAD_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {statusLabel(s)}
                    </option>
                  ))}
                  <option value="any">{t`All, spam included`}</option>
                </SelectFilter>
                <SelectFilter
                  label={<Trans context="lead owner">Owner</Trans>}
                  value={query.owner}
                  onChange={(owner) => onQueryChange({ owner })}
                >
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
                </SelectFilter>
                <SelectFilter label={<Trans>Form</Trans>} value={query.type} onChange={(type) => onQueryChange({ type })}>
                  <option value="">{typeLabel("all")}</option>
                  {LEAD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {typeLabel(type)}
                    </option>
                  ))}
                </SelectFilter>
                {/* The channel of the person's first visit (HubSpot's "original source"). */}
                <SelectFilter
                  label={<Trans>Original channel</Trans>}
                  value={query.channel}
                  onChange={(channel) => onQueryChange({ channel })}
                >
                  <option value="">{t`Any channel`}</option>
                  {CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {channelLabel(c)}
                    </option>
                  ))}
                  <option value="unknown">{channelLabel("unknown")}</option>
                </SelectFilter>
                <FilterField label={<Trans>Campaign</Trans>}>
                  <Input
                    value={query.campaign}
                    autoComplete="off"
                    dir="auto"
                    placeholder={t`Any campaign`}
                    onChange={(e) => onQueryChange({ campaign: e.target.value })}
                  />
                </FilterField>
                {/* A country's name in Arabic or English, typed or picked from the names in the admin's language. */}
                <FilterField label={<Trans>Country</Trans>}>
                  <Input
                    value={query.country}
                    list={countryListId}
                    autoComplete="off"
                    dir="auto"
                    placeholder={t`Any country`}
                    onChange={(e) => onQueryChange({ country: e.target.value })}
                  />
                  <datalist id={countryListId}>
                    {countrySuggestions.map((name) => (
                      <option key={name} value={name} />
                    ))}
                  </datalist>
                </FilterField>
                <FilterField label={<Trans>Arrived from (Dubai time)</Trans>}>
                  <Input
                    type="date"
                    value={query.from}
                    max={query.to || undefined}
                    onChange={(e) => onQueryChange({ from: e.target.value })}
                  />
                </FilterField>
                <FilterField label={<Trans>Arrived until (Dubai time)</Trans>}>
                  <Input
                    type="date"
                    value={query.to}
                    min={query.from || undefined}
                    onChange={(e) => onQueryChange({ to: e.target.value })}
                  />
                </FilterField>
                <SelectFilter label={<Trans>Sort</Trans>} value={query.sort} onChange={(sort) => onQueryChange({ sort })}>
                  {LEAD_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {sortLabel[s]}
                    </option>
                  ))}
                </SelectFilter>
              </Box>
            </SimpleGrid>
            <Wrap gap="4" align="center" display={{ base: filtersOpen ? "flex" : "none", md: "flex" }}>
              <Checkbox.Root
                checked={query.overdue}
                onCheckedChange={(e) => onQueryChange({ overdue: e.checked === true })}
                colorPalette="red"
              >
                <Checkbox.HiddenInput />
                <CheckboxControl />
                <Checkbox.Label>
                  <Trans>Only overdue (new for more than 24 hours)</Trans>
                </Checkbox.Label>
              </Checkbox.Root>
              {query.source ? (
                <HStack gap="1" bg="bg.muted" rounded="full" ps="3" pe="1" py="0.5">
                  <Text fontSize="sm">
                    <Trans>
                      First page: <bdi dir="ltr">{readablePath(query.source)}</bdi>
                    </Trans>
                  </Text>
                  <CloseButton size="2xs" aria-label={t`Clear the page filter`} onClick={() => onQueryChange({ source: "" })} />
                </HStack>
              ) : null}
            </Wrap>
          </Stack>
        </Card.Body>
      </Card.Root>

      <PagedListCard
        status={status}
        paging={paging}
        pagesLabel={t`Lead pages`}
        summary={t`Leads ${from}–${to} of ${of}`}
        loadingLabel={<Trans>Loading leads…</Trans>}
        failedTitle={<Trans>Failed to load leads.</Trans>}
        onRetry={onRetry}
      >
        {bulk && leads.length > 0 ? (
          <Box px={{ base: "2", md: "4" }} pt="3">
            <LeadsBulkBar bulk={bulk} owners={owners} action={bulkAction} onActionChange={setBulkAction} />
          </Box>
        ) : null}
        {leads.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="12">
            {filtered ? <Trans>No leads match these filters.</Trans> : <Trans>No leads yet.</Trans>}
          </Text>
        ) : (
          // On a phone, person, status and the Open button stay; owner and arrival fold under the person.
          <DataTable
            size={{ base: "sm", md: "md" }}
            interactive
            testId="leads-table"
            caption={<Trans>Leads, one row per person; each time shows its zone</Trans>}
            headerBg="bg.subtle"
            columns={[
              ...(bulk
                ? [
                    {
                      key: "select",
                      label: (
                        <SelectBox
                          label={t`Select every lead on this page`}
                          checked={pageSelected === 0 ? false : pageSelected === pageIds.length ? true : "indeterminate"}
                          onChange={(on) => bulk.onTogglePage(pageIds, on)}
                          testId="select-page"
                        />
                      ),
                    },
                  ]
                : []),
              { key: "person", label: <Trans>Person</Trans> },
              { key: "status", label: <Trans>Status</Trans> },
              { key: "owner", label: <Trans context="lead owner">Owner</Trans>, hideBelow: "md" },
              { key: "forms", label: <Trans>Forms</Trans>, hideBelow: "lg" },
              { key: "arrived", label: <Trans>Arrived</Trans>, hideBelow: "md" },
              { key: "last-activity", label: <Trans>Last activity</Trans>, hideBelow: "lg" },
              { key: "details", label: <Trans>Details</Trans>, textAlign: "end" },
            ]}
            rows={leads}
            renderRow={(lead) => {
              const phone = displayPhone(lead.phone);
              const who = lead.full_name || lead.email || phone || t`Unnamed lead`;
              const country = leadCountry(lead);
              const subscriber = lead.kind === "subscriber";
              const owner = lead.owner_id ? ownerEmail.get(lead.owner_id) : null;
              const ownerName = lead.owner_id ? (
                <bdi>{owner ?? t`A former team member`}</bdi>
              ) : (
                <Text as="span" color="fg.muted">
                  <Trans>Unassigned</Trans>
                </Text>
              );
              const arrived = when.format(new Date(lead.created_at));
              return (
                <Table.Row
                  key={lead.id}
                  data-testid="lead-row"
                  data-overdue={lead.overdue || undefined}
                  data-kind={lead.kind}
                  bg={lead.overdue ? "red.subtle" : undefined}
                  data-selected={selected.has(lead.id) || undefined}
                >
                  {bulk ? (
                    <Table.Cell width="1" px="1">
                      <SelectBox label={t`Select ${who}`} checked={selected.has(lead.id)} onChange={() => bulk.onToggle(lead.id)} />
                    </Table.Cell>
                  ) : null}
                  <Table.Cell whiteSpace="normal" wordBreak="break-word">
                    {/* Isolated: a name or address in the other direction (or holding a U+202E) cannot reorder the row. */}
                    <Text fontWeight="600">
                      <bdi dir="auto">{lead.full_name || "—"}</bdi>
                    </Text>
                    {lead.email ? (
                      <Text fontSize="sm" color="fg.muted">
                        <EmailText email={lead.email} />
                      </Text>
                    ) : null}
                    {phone || country ? (
                      <Text fontSize="sm" color="fg.muted" data-testid="lead-row-contact">
                        {phone ? <bdi dir="ltr">{phone}</bdi> : null}
                        {phone && country ? " · " : null}
                        {country ? <bdi dir="auto">{country}</bdi> : null}
                      </Text>
                    ) : null}
                    <Text fontSize="xs" color="fg.muted" hideFrom="md" mt="1">
                      {ownerName} · {arrived}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Wrap gap="1">
                      {/* A subscriber is not waiting for a reply: "Subscriber" instead of "New". */}
                      {subscriber && lead.status === "new" ? null : (
                        <Badge colorPalette={statusColor[lead.status]} variant="subtle">
                          {statusLabel(lead.status)}
                        </Badge>
                      )}
                      {subscriber ? (
                        <Badge colorPalette="gray" variant="outline">
                          <Trans>Subscriber</Trans>
                        </Badge>
                      ) : null}
                      {lead.overdue ? <OverdueBadge /> : null}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{ownerName}</Table.Cell>
                  <Table.Cell hideBelow="lg">
                    <Wrap gap="1">
                      {lead.form_types.map((type) => (
                        <Badge key={type} colorPalette={typeColor[type as keyof typeof typeColor] ?? "gray"} variant="outline">
                          {typeLabel(type as (typeof LEAD_TYPES)[number])}
                        </Badge>
                      ))}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" hideBelow="md">
                    {arrived}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" hideBelow="lg">
                    {when.format(new Date(lead.last_activity_at))}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="end">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => onOpen(lead.id)}
                        aria-label={t`Open lead: ${who}`}
                        data-lead-open={lead.id}
                      >
                        <Eye aria-hidden="true" />
                        <Trans>Open</Trans>
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            }}
          />
        )}
      </PagedListCard>
    </AdminScreen>
  );
}
