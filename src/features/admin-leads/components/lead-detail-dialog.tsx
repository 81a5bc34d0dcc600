import {
  Alert,
  Badge,
  Box,
  Button,
  DataList,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Separator,
  Spinner,
  Stack,
  Text,
  Textarea,
  Wrap,
} from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ArrowRightLeft,
  BellRing,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  Inbox,
  Mail,
  MessageCircle,
  Pencil,
  Phone,
  Send,
  StickyNote,
  UserCheck,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { DetailDialog } from "@/components/feedback/detail-dialog";
import { LoadFailed } from "@/components/feedback/load-failed";
import { useLocale } from "@/lib/i18n/locale-context";
import { consentOf, countryValueLabel } from "@/lib/mail/field-values";
import type { LeadDetail, LeadEvent, LeadNote } from "../api/lead-detail";
import type { LeadOwner } from "../api/list-lead-owners";
import { type LeadType, type Submission, bookingTimes, leadCompany, leadEmail, leadName, leadPhone } from "../lib/leads";
import { countryName } from "../lib/countries";
import { displayPhone } from "../lib/phone";
import { LEAD_STATUSES, type LeadStatus, mailtoHref, telHref, whatsappHref } from "../lib/pipeline";
import type { LeadChange } from "../machines/lead-detail.machine";
import { statusColor, useLeadCountry, useLeadLabels } from "./lead-labels";
import { OverdueBadge } from "./overdue-badge";
import { FieldList } from "./field-list";
import { LeadSource } from "./lead-source";

interface LeadDetailDialogProps {
  open: boolean;
  status: "loading" | "failed" | "missing" | "ready";
  detail: LeadDetail | null;
  owners: LeadOwner[];
  /** The change being saved, if any. */
  pending: LeadChange | null;
  saveError: string | null;
  /** Changes when a note has been saved (the note field clears). */
  notesSaved: number;
  /** Changes when a note's edit has been saved (its editor closes). */
  notesEdited?: number;
  /** The signed-in member: their own notes (any note, for an owner) can be edited. */
  me?: { id: string; role: string | null };
  /** The first WhatsApp message and the email subject, in the lead's language (null while loading). */
  reply: { whatsapp: string; subject: string } | null;
  onChange: (change: LeadChange) => void;
  onRetry: () => void;
  onClose: () => void;
  /** The lead's demos with their reschedule and cancel buttons (composed by the route from the agenda). */
  booking?: ReactNode;
}

const KNOWN = new Set([
  "fullName",
  "email",
  "phone",
  "countryCode",
  "countryIso",
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
function SubmissionFields({ submission }: { submission: Submission }) {
  const { t, i18n } = useLingui();
  const { intl } = useLocale();
  const p = submission.payload;
  const times = bookingTimes(submission, intl);
  const callTime = text(p.preferredCallTime ?? p.callTime);
  const items: Array<[ReactNode, ReactNode]> = [];
  const add = (label: ReactNode, value: ReactNode) => {
    if (value !== null && value !== undefined && value !== "") items.push([label, value]);
  };
  const own = (value: string | null | undefined) => (value ? <bdi>{value}</bdi> : null);
  add(t`Full name`, own(leadName(submission)));
  add(t`Email`, own(leadEmail(submission)));
  const phone = displayPhone(leadPhone(submission));
  add(t`Phone`, phone ? <bdi dir="ltr">{phone}</bdi> : null);
  add(t`Company`, own(leadCompany(submission)));
  // The stored code (the sales lead's group "UAE", the article booking's "uae"…) in words, as the sales email shows it.
  // The form's ISO country (countryIso) named in the admin's language when it sent one.
  const iso = typeof p.countryIso === "string" && /^[A-Za-z]{2}$/.test(p.countryIso) ? p.countryIso.toUpperCase() : null;
  const country = countryValueLabel(p.country);
  add(t`Country`, iso ? own(countryName(iso, intl)) : country ? i18n._(country) : own(text(p.country)));
  add(t`City`, own(text(p.city)));
  if (submission.form_type === "demo_booking") {
    // What the visitor chose when booking; the booking's current time is in "Demos" above.
    add(t`Demo date chosen`, text(p.demoDate));
    add(t`Demo time chosen`, text(p.demoTime));
    if (times) {
      const zone = times.visitorZone;
      add(t`In the visitor's time zone (${zone})`, times.visitor);
      add(t`In Dubai time`, times.dubai);
    }
  }
  add(t`Preferred call time`, callTime === "9-5" ? t`9 AM – 5 PM` : callTime === "5-9" ? t`5 PM – 9 PM` : callTime);
  if (p.isEnterpriseInterested !== undefined) add(t`Interested in Enterprise`, p.isEnterpriseInterested ? t`Yes` : t`No`);
  // The consent record ({version, marketing}) in words, not as JSON.
  const consent = consentOf(p.consent);
  if (consent) {
    add(t`Marketing email consent`, consent.marketing ? t`Yes` : t`No`);
    add(t`Consent version`, consent.version ? <bdi dir="ltr">{consent.version}</bdi> : null);
  }
  for (const [key, value] of Object.entries(p)) {
    if (!KNOWN.has(key) && !(key === "consent" && consent)) add(<bdi>{key}</bdi>, own(text(value)));
  }
  add(t`Page`, submission.page_path ? <bdi>{submission.page_path}</bdi> : null);
  add(t`Language`, submission.locale === "ar" ? t`Arabic` : submission.locale === "en" ? t`English` : submission.locale);
  add(t`Time zone`, submission.time_zone ? <bdi>{submission.time_zone}</bdi> : null);
  add(
    t`Browser`,
    submission.user_agent ? (
      <Text as="span" fontSize="xs" dir="ltr">
        {submission.user_agent}
      </Text>
    ) : null,
  );
  add(
    t`Submission ID`,
    <Text as="span" fontSize="xs" fontFamily="mono" dir="ltr">
      {submission.submission_id}
    </Text>,
  );
  return <FieldList items={items} labelWidth="40" />;
}

/** The name of a sent email on the timeline, by its kind (and, for a booking email, what changed). */
function useMailSentLabel() {
  const { t } = useLingui();
  return (kind: string | null, event: string | null) => {
    switch (kind) {
      case "lead_acknowledgement":
        return t`Acknowledgement sent to the visitor`;
      case "booking_confirmation":
        return event === "rescheduled"
          ? t`New demo time sent to the visitor`
          : event === "cancelled"
            ? t`Cancellation sent to the visitor`
            : t`Booking confirmation sent`;
      case "sales_notification":
        return t`Notification sent to the sales team`;
      case "booking_reminder":
        return t`Reminder sent`;
      case "lead_assigned":
        return t`Assignment email sent`;
      case "booking_assigned":
        return t`Demo assignment email sent`;
      case "lead_overdue":
        return t`Overdue reminder sent to the owner`;
      case "booking_slot_lost":
        return t`Lost-slot notice sent to the sales team`;
      case "newsletter_confirmation":
        return t`Newsletter confirmation link sent`;
      default:
        return t`Email sent`;
    }
  };
}

interface NoteEditing {
  note: LeadNote;
  /** The signed-in member may edit it (its author, or an owner). */
  canEdit: boolean;
  /** Saving this note's edit. */
  saving: boolean;
  /** Bumped when an edit was saved (the editor closes). */
  edited: number;
  onSave: (body: string) => void;
}

/** A note on the timeline: its current text, "Edited" with the time, and for its author (or an owner) an editor. */
function NoteBody({ note, canEdit, saving, edited, onSave }: NoteEditing) {
  const { t } = useLingui();
  const { when } = useLeadLabels();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  const editButton = useRef<HTMLButtonElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  // The editor opens with the caret in the text; it closes back to its button.
  useEffect(() => {
    if (editing) textArea.current?.focus();
  }, [editing]);
  const firstEdited = useRef(edited);
  useEffect(() => {
    if (edited === firstEdited.current) return;
    firstEdited.current = edited;
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  }, [edited]);
  const editedAt = note.edited_at ? when.format(new Date(note.edited_at)) : null;
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <Stack gap="1">
      <HStack gap="2" wrap="wrap">
        <Text>
          <Trans>Note added</Trans>
        </Text>
        {editedAt ? (
          <Badge variant="outline" colorPalette="gray" data-testid="note-edited">
            <Trans>Edited {editedAt}</Trans>
          </Badge>
        ) : null}
        {canEdit && !editing ? (
          <Button
            ref={editButton}
            size="xs"
            variant="ghost"
            minH={{ base: "11", md: "auto" }}
            onClick={() => {
              setText(note.body);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            <Trans>Edit note</Trans>
          </Button>
        ) : null}
      </HStack>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSave(text.trim());
          }}
        >
          <Stack gap="2">
            <Field.Root disabled={saving}>
              <Field.Label>
                <Trans>Note text</Trans>
              </Field.Label>
              <Textarea value={text} maxLength={4000} rows={3} dir="auto" ref={textArea} onChange={(e) => setText(e.target.value)} />
            </Field.Root>
            <HStack justify="end">
              <Button type="button" size="sm" variant="outline" onClick={close} disabled={saving}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                type="submit"
                size="sm"
                colorPalette="brand"
                disabled={text.trim() === "" || text.trim() === note.body}
                loading={saving}
                loadingText={t`Saving…`}
              >
                <Trans>Save note</Trans>
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Text bg="bg.muted" rounded="md" px="3" py="2" whiteSpace="pre-wrap" dir="auto">
          {note.body}
        </Text>
      )}
    </Stack>
  );
}

/** One line of the timeline: what happened, who did it, when (on the member's clock). */
function TimelineEntry({ event, note }: { event: LeadEvent; note?: NoteEditing }) {
  const { statusLabel, typeLabel, when } = useLeadLabels();
  const mailSent = useMailSentLabel();
  const at = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? when.format(new Date(v)) : (v ?? ""));
  const asStatus = (v: string | null) =>
    (LEAD_STATUSES as readonly string[]).includes(v ?? "") ? statusLabel(v as LeadStatus) : (v ?? "");
  const actor = event.actor_email ? <bdi>{event.actor_email}</bdi> : null;
  let icon: ReactNode;
  let body: ReactNode;
  switch (event.kind) {
    case "created":
      icon = <Inbox aria-hidden="true" size={16} />;
      body = <Trans>Arrived through the form: {typeLabel((event.to_value ?? "sales_lead") as LeadType)}</Trans>;
      break;
    case "submitted":
      icon = <Inbox aria-hidden="true" size={16} />;
      body = <Trans>Sent a form again: {typeLabel((event.to_value ?? "sales_lead") as LeadType)}</Trans>;
      break;
    case "email_sent":
      icon = <Send aria-hidden="true" size={16} />;
      body = mailSent(event.detail, event.to_value);
      break;
    case "booking_reminded":
      icon = <BellRing aria-hidden="true" size={16} />;
      body = mailSent("booking_reminder", null);
      break;
    case "booking_created": {
      icon = <CalendarCheck aria-hidden="true" size={16} />;
      const start = at(event.to_value);
      body = <Trans>Demo booked for {start}</Trans>;
      break;
    }
    case "booking_moved": {
      icon = <CalendarClock aria-hidden="true" size={16} />;
      const from = at(event.from_value);
      const to = at(event.to_value);
      body = (
        <Trans>
          Demo moved from {from} to {to}
        </Trans>
      );
      break;
    }
    case "booking_cancelled": {
      icon = <CalendarX aria-hidden="true" size={16} />;
      const start = at(event.from_value);
      const reason = event.detail;
      body = reason ? (
        <Trans>
          Demo of {start} cancelled: {reason}
        </Trans>
      ) : (
        <Trans>Demo of {start} cancelled</Trans>
      );
      break;
    }
    case "assigned":
      icon = <UserCheck aria-hidden="true" size={16} />;
      body = event.to_value ? (
        event.detail === "booking" ? (
          <Trans>
            Demo given to <bdi>{event.to_value}</bdi>
          </Trans>
        ) : (
          <Trans>
            Assigned automatically to <bdi>{event.to_value}</bdi>
          </Trans>
        )
      ) : (
        <Trans>Unassigned</Trans>
      );
      break;
    case "status_changed": {
      icon = <ArrowRightLeft aria-hidden="true" size={16} />;
      const from = asStatus(event.from_value);
      const to = asStatus(event.to_value);
      body = (
        <Trans>
          Status changed from {from} to {to}
        </Trans>
      );
      break;
    }
    case "owner_changed":
      icon = <UserCheck aria-hidden="true" size={16} />;
      body = event.to_value ? (
        <Trans>
          Assigned to <bdi>{event.to_value}</bdi>
        </Trans>
      ) : (
        <Trans>Unassigned</Trans>
      );
      break;
    case "note_added":
      icon = <StickyNote aria-hidden="true" size={16} />;
      body = note ? (
        <NoteBody {...note} />
      ) : (
        <Stack gap="1">
          <Text>
            <Trans>Note added</Trans>
          </Text>
          <Text bg="bg.muted" rounded="md" px="3" py="2" whiteSpace="pre-wrap" dir="auto">
            {event.detail}
          </Text>
        </Stack>
      );
      break;
  }
  return (
    <Box as="li" display="flex" gap="3" data-event={event.kind}>
      <Box color="fg.muted" pt="0.5">
        {icon}
      </Box>
      <Stack gap="0.5" flex="1">
        <Box>{body}</Box>
        <Text fontSize="xs" color="fg.muted">
          {when.format(new Date(event.created_at))}
          {actor ? (
            <>
              {" · "}
              <Trans>by {actor}</Trans>
            </>
          ) : null}
        </Text>
      </Stack>
    </Box>
  );
}

/** A lead: contact in one tap, status, owner, notes, the timeline and every submission. */
export function LeadDetailDialog({
  open,
  status,
  detail,
  owners,
  pending,
  saveError,
  notesSaved,
  notesEdited = 0,
  me,
  reply,
  onChange,
  onRetry,
  onClose,
  booking,
}: LeadDetailDialogProps) {
  const { t } = useLingui();
  const { statusLabel, typeLabel, when } = useLeadLabels();
  const leadCountry = useLeadCountry();
  const [note, setNote] = useState("");
  const noteId = useId();
  useEffect(() => setNote(""), [notesSaved]);
  const lead = detail?.lead ?? null;
  const saving = pending !== null;
  const wa = lead && reply ? whatsappHref(lead, reply.whatsapp) : null;
  const tel = lead ? telHref(lead) : null;
  const mail = lead && reply ? mailtoHref(lead, reply.subject) : null;
  const ownerKnown = !lead?.owner_id || owners.some((o) => o.user_id === lead.owner_id);
  const phone = displayPhone(lead?.phone);
  const country = lead ? leadCountry(lead) : "";
  const title = lead ? lead.full_name || lead.email || phone || t`Unnamed lead` : t`Lead`;

  return (
    <DetailDialog
      open={open}
      onClose={onClose}
      header={
        <Stack gap="2">
          <Dialog.Title>
            <bdi dir="auto">{title}</bdi>
          </Dialog.Title>
          {lead ? (
            <Wrap gap="2">
              <Badge colorPalette={statusColor[lead.status]}>{statusLabel(lead.status)}</Badge>
              {lead.kind === "subscriber" ? (
                <Badge colorPalette="gray" variant="outline">
                  <Trans>Newsletter subscriber</Trans>
                </Badge>
              ) : null}
              {lead.overdue ? <OverdueBadge /> : null}
              {lead.form_types.map((type) => (
                <Badge key={type} variant="outline">
                  {typeLabel(type as LeadType)}
                </Badge>
              ))}
            </Wrap>
          ) : null}
        </Stack>
      }
      closeLabel={<Trans>Close</Trans>}
      closeName={t`Close`}
    >
      {status === "loading" ? (
        <Flex justify="center" py="12" role="status">
          <Spinner color="brand.solid" size="lg" />
          <Box srOnly>
            <Trans>Loading the lead…</Trans>
          </Box>
        </Flex>
      ) : status === "failed" ? (
        <LoadFailed place="dialog" message={<Trans>The lead could not be loaded.</Trans>} onRetry={onRetry} />
      ) : status === "missing" || !lead || !detail ? (
        <Text py="8" textAlign="center" color="fg.muted" role="alert">
          <Trans>This lead no longer exists.</Trans>
        </Text>
      ) : (
        <Stack gap="6">
          {lead.overdue && lead.due_at ? (
            <Alert.Root status="error" rounded="lg">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Waiting for a reply since {when.format(new Date(lead.status_changed_at))}: 24 hours have passed.</Trans>
              </Alert.Title>
            </Alert.Root>
          ) : lead.due_at ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>Reply before {when.format(new Date(lead.due_at))}.</Trans>
            </Text>
          ) : null}

          <Wrap gap="2" aria-label={t`Contact`} role="group">
            {wa ? (
              <Button asChild type={undefined} colorPalette="brand" size="sm">
                <a href={wa} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" />
                  <Trans>WhatsApp</Trans>
                </a>
              </Button>
            ) : null}
            {tel ? (
              <Button asChild type={undefined} variant="outline" size="sm">
                <a href={tel}>
                  <Phone aria-hidden="true" />
                  <Trans>Call</Trans>
                </a>
              </Button>
            ) : null}
            {mail ? (
              <Button asChild type={undefined} variant="outline" size="sm">
                <a href={mail}>
                  <Mail aria-hidden="true" />
                  <Trans>Email</Trans>
                </a>
              </Button>
            ) : null}
          </Wrap>

          <DataList.Root orientation="horizontal" size="sm">
            {lead.email ? (
              <DataList.Item>
                <DataList.ItemLabel minW="32">
                  <Trans>Email</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>
                  <Link href={`mailto:${lead.email}`} dir="ltr" color="brand.fg">
                    {lead.email}
                  </Link>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {phone ? (
              <DataList.Item>
                <DataList.ItemLabel minW="32">
                  <Trans>Phone</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>
                  <bdi dir="ltr" data-testid="lead-phone">
                    {phone}
                  </bdi>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {country ? (
              <DataList.Item>
                <DataList.ItemLabel minW="32">
                  <Trans>Country</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>
                  <bdi dir="auto" data-testid="lead-country">
                    {country}
                  </bdi>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            {lead.company ? (
              <DataList.Item>
                <DataList.ItemLabel minW="32">
                  <Trans>Company</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>
                  <bdi>{lead.company}</bdi>
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.ItemLabel minW="32">
                <Trans>Arrived</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>{when.format(new Date(lead.created_at))}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>

          {booking}

          <LeadSource first={lead.first_touch} latest={lead.latest_touch} />

          <Stack gap="3" p="4" borderWidth="1px" rounded="lg">
            <Heading as="h3" fontSize="md">
              <Trans>Work this lead</Trans>
            </Heading>
            {saveError ? (
              <Alert.Root status="error" rounded="md">
                <Alert.Indicator />
                <Alert.Title>
                  <Trans>The change was not saved. Please try again.</Trans>
                </Alert.Title>
              </Alert.Root>
            ) : null}
            <Flex gap="4" direction={{ base: "column", md: "row" }}>
              <Field.Root flex="1" disabled={saving}>
                <Field.Label>
                  <Trans>Status</Trans>
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={lead.status}
                    onChange={(e) => onChange({ kind: "status", status: e.target.value as LeadStatus })}
                  >
                    {LEAD_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {statusLabel(s)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root flex="1" disabled={saving}>
                <Field.Label>
                  <Trans context="lead owner">Owner</Trans>
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={lead.owner_id ?? ""}
                    onChange={(e) => onChange({ kind: "owner", ownerId: e.target.value || null })}
                  >
                    <option value="">{t`Unassigned`}</option>
                    {owners.map((o) => (
                      <option key={o.user_id} value={o.user_id}>
                        {o.email}
                      </option>
                    ))}
                    {!ownerKnown ? <option value={lead.owner_id ?? ""}>{t`A former team member`}</option> : null}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Flex>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onChange({ kind: "note", body: note.trim() });
              }}
            >
              <Stack gap="2">
                <Field.Root disabled={saving}>
                  <Field.Label htmlFor={noteId}>
                    <Trans>Add a note</Trans>
                  </Field.Label>
                  <Textarea id={noteId} value={note} maxLength={4000} rows={3} dir="auto" onChange={(e) => setNote(e.target.value)} />
                </Field.Root>
                <HStack justify="end">
                  <Button
                    type="submit"
                    size="sm"
                    colorPalette="brand"
                    disabled={note.trim() === ""}
                    loading={pending?.kind === "note"}
                    loadingText={t`Saving…`}
                  >
                    <Trans>Add note</Trans>
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Stack>

          <Stack gap="3">
            <Heading as="h3" fontSize="md">
              <Trans>Timeline</Trans>
            </Heading>
            <Stack as="ol" gap="4" listStyleType="none" ps="0" aria-label={t`Timeline`}>
              {detail.events.map((event) => {
                const n = event.note_id ? detail.notes.find((x) => x.id === event.note_id) : undefined;
                return (
                  <TimelineEntry
                    key={event.id}
                    event={event}
                    note={
                      n
                        ? {
                            note: n,
                            canEdit: !!me && (me.role === "owner" || (me.role === "sales" && n.author_id === me.id)),
                            saving: pending?.kind === "noteEdit" && pending.noteId === n.id,
                            edited: notesEdited,
                            onSave: (body) => onChange({ kind: "noteEdit", noteId: n.id, body }),
                          }
                        : undefined
                    }
                  />
                );
              })}
            </Stack>
          </Stack>

          <Separator />
          <Stack gap="4">
            <Heading as="h3" fontSize="md">
              <Trans>Submissions</Trans>
            </Heading>
            {detail.submissions.map((s) => (
              <Stack key={s.id} gap="2" p="3" borderWidth="1px" rounded="md">
                <HStack justify="space-between" wrap="wrap">
                  <Badge colorPalette="brand">{typeLabel(s.form_type)}</Badge>
                  <Text fontSize="sm" color="fg.muted">
                    {when.format(new Date(s.created_at))}
                  </Text>
                </HStack>
                <SubmissionFields submission={s} />
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
    </DetailDialog>
  );
}
