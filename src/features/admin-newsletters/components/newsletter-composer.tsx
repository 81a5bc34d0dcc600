import { Alert, Badge, Box, Button, chakra, Field, Flex, Grid, Input, Link, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock, ExternalLink, FlaskConical, Save, Send, Trash2, X } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { BackLink } from "@/components/back-link";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { AdminScreen } from "@/components/layout/screen-header";
import { useLocale } from "@/lib/i18n/locale-context";
import { sanitizeHtml } from "@/lib/sanitize";
import { formatZoned, useStaffTimeZone, zoneName } from "@/lib/staff-clock/staff-clock";
import { zonedInstant } from "@/lib/booking/availability";
import type { IssueEntry } from "../api/list-issues";
import type { IssueDraft } from "../api/save-issue";
import { type SourcePost, composeBody } from "../lib/compose";
import { issueStatusColor, useNewsletterLabels } from "./newsletter-labels";

export type ComposerBusy = "saving" | "testing" | "sending" | "cancelling" | "deleting" | null;

interface NewsletterComposerProps {
  /** The issue being edited; null for a new one. */
  issue: IssueEntry | null;
  /** Published posts in the chosen language (to make the issue from); null while they load. */
  posts: SourcePost[] | null;
  /** Confirmed subscribers of the chosen language; null while counted. */
  audience: number | null;
  busy: ComposerBusy;
  /** The last action's failure, shown above the actions. */
  error?: string | null;
  onLanguage: (language: "ar" | "en") => void;
  onSave: (draft: IssueDraft) => void;
  onSendTest: (draft: IssueDraft) => void;
  onSend: (draft: IssueDraft, at: Date | null) => void;
  onCancelIssue: () => void;
  onDelete: () => void;
  onBack: () => void;
}

const MAX = 200;

/**
 * The issue composer: language, an optional published post to make it from, subject, preheader and the
 * text; a preview in the issue's language and direction; save, test, schedule or send (after a dialog
 * that says how many subscribers it reaches). An issue that left the drafts is shown read-only with its
 * figures.
 */
export function NewsletterComposer(props: NewsletterComposerProps) {
  const { issue, posts, audience, busy } = props;
  const { t } = useLingui();
  const { locale } = useLocale();
  const labels = useNewsletterLabels();
  const timeZone = useStaffTimeZone();
  const ids = useId();
  const editable = !issue || issue.status === "draft";

  const [language, setLanguage] = useState<"ar" | "en">(issue ? (issue.language === "en" ? "en" : "ar") : locale);
  const [postId, setPostId] = useState<string>(issue?.source_post_id ?? "");
  const [subject, setSubject] = useState(issue?.subject ?? "");
  const [preheader, setPreheader] = useState(issue?.preheader ?? "");
  const [text, setText] = useState(issue?.body_text ?? "");
  const [at, setAt] = useState("");
  const [errors, setErrors] = useState<{ subject?: string; body?: string; at?: string }>({});
  const [confirm, setConfirm] = useState<{ at: Date | null } | null>(null);

  const post = posts?.find((p) => p.id === postId) ?? null;
  const html = useMemo(() => {
    if (!editable && issue) return issue.body_html;
    return composeBody(text, post);
  }, [editable, issue, text, post]);
  const preview = useMemo(() => (typeof window === "undefined" ? "" : sanitizeHtml(html, { responsive: false })), [html]);

  const draft = (): IssueDraft | null => {
    const next: typeof errors = {};
    if (!subject.trim()) next.subject = t`Write a subject.`;
    if (!text.trim() && !post) next.body = t`Write the text, or choose a post to send.`;
    setErrors(next);
    if (next.subject || next.body) return null;
    return {
      language,
      subject: subject.trim(),
      preheader: preheader.trim(),
      body_text: text,
      body_html: sanitizeHtml(html, { responsive: false }),
      source_post_id: post?.id ?? null,
    };
  };

  const chooseLanguage = (l: "ar" | "en") => {
    setLanguage(l);
    setPostId("");
    props.onLanguage(l);
  };

  const choosePost = (id: string) => {
    setPostId(id);
    const p = posts?.find((x) => x.id === id);
    if (p && !subject.trim()) setSubject(p.title.slice(0, MAX));
    if (p && !preheader.trim()) setPreheader(p.excerpt.slice(0, MAX));
  };

  const askToSend = (scheduled: boolean) => {
    if (!draft()) return;
    if (!scheduled) return setConfirm({ at: null });
    // The field's value is a wall-clock time on the member's clock ("2026-12-01T09:30").
    const [date, time] = at.split("T");
    const when = date && time ? zonedInstant(date, time.slice(0, 5), timeZone) : null;
    if (!when || Number.isNaN(when.getTime()) || when.getTime() < Date.now()) {
      setErrors((e) => ({ ...e, at: t`Choose a time in the future.` }));
      return;
    }
    setConfirm({ at: when });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const d = draft();
    if (d) props.onSave(d);
  };

  const count = audience ?? 0;
  const languageName = labels.language[language];
  const zone = zoneName(new Date(), timeZone, locale);
  const scheduledFor = issue?.scheduled_at ? formatZoned(issue.scheduled_at, timeZone, locale) : "";
  const date = confirm?.at ? formatZoned(confirm.at, timeZone, locale) : "";

  return (
    <AdminScreen
      title={issue ? <Trans>Newsletter issue</Trans> : <Trans>New newsletter issue</Trans>}
      description={
        issue ? (
          <Badge colorPalette={issueStatusColor[issue.status]}>{labels.status[issue.status]}</Badge>
        ) : (
          <Trans>Nothing is sent until you choose Send or Schedule.</Trans>
        )
      }
      actions={
        <BackLink
          to="/admin/newsletters"
          onClick={(e) => {
            e.preventDefault();
            props.onBack();
          }}
        >
          <Trans>All issues</Trans>
        </BackLink>
      }
    >
      {issue && !editable ? <IssueFigures issue={issue} /> : null}

      <chakra.form
        display="grid"
        gridTemplateColumns={{ base: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }}
        gap="6"
        onSubmit={submit}
        noValidate
      >
        <Stack gap="4" layerStyle="panel" p={{ base: "4", md: "5" }}>
          <Field.Root disabled={!editable}>
            <Field.Label>
              <Trans>Language</Trans>
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={language} onChange={(e) => chooseLanguage(e.target.value === "en" ? "en" : "ar")}>
                <option value="ar">{labels.language.ar}</option>
                <option value="en">{labels.language.en}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>
              <Trans>It goes to the confirmed subscribers who signed up in this language.</Trans>
            </Field.HelperText>
          </Field.Root>

          {editable ? (
            <Field.Root>
              <Field.Label>
                <Trans>Make it from a published post (optional)</Trans>
              </Field.Label>
              <NativeSelect.Root disabled={posts === null}>
                <NativeSelect.Field value={postId} onChange={(e) => choosePost(e.target.value)}>
                  <option value="">{posts === null ? t`Loading…` : t`No post: only my text`}</option>
                  {(posts ?? []).map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                <Trans>The post follows your text; its title links to it on the site.</Trans>
              </Field.HelperText>
            </Field.Root>
          ) : null}

          <Field.Root required invalid={Boolean(errors.subject)} readOnly={!editable}>
            <Field.Label>
              <Trans>Subject</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={subject} maxLength={MAX} dir="auto" lang={language} onChange={(e) => setSubject(e.target.value)} />
            <Field.ErrorText>{errors.subject}</Field.ErrorText>
          </Field.Root>

          <Field.Root readOnly={!editable}>
            <Field.Label>
              <Trans>Preheader</Trans>
            </Field.Label>
            <Input value={preheader} maxLength={MAX} dir="auto" lang={language} onChange={(e) => setPreheader(e.target.value)} />
            <Field.HelperText>
              <Trans>The line inboxes show after the subject.</Trans>
            </Field.HelperText>
          </Field.Root>

          {editable ? (
            <Field.Root invalid={Boolean(errors.body)}>
              <Field.Label>
                <Trans>Text</Trans>
              </Field.Label>
              <Textarea value={text} rows={10} dir="auto" lang={language} onChange={(e) => setText(e.target.value)} />
              <Field.HelperText>
                <Trans>
                  A blank line starts a paragraph. “## ” starts a heading, “- ” a list item; [words](https://…) make a link and **words**
                  bold.
                </Trans>
              </Field.HelperText>
              <Field.ErrorText>{errors.body}</Field.ErrorText>
            </Field.Root>
          ) : null}
        </Stack>

        <Stack gap="2">
          <Text as="h2" fontWeight="700" id={`${ids}-preview`}>
            <Trans>Preview</Trans>
          </Text>
          <Box
            layerStyle="panel"
            p={{ base: "4", md: "5" }}
            role="region"
            aria-labelledby={`${ids}-preview`}
            lang={language}
            dir={language === "ar" ? "rtl" : "ltr"}
            css={{
              "& p": { mb: "3" },
              "& h2": { fontWeight: "700", fontSize: "lg", mb: "2" },
              "& ul": { ps: "5", listStyle: "disc" },
              "& a": { color: "brand.fg", textDecoration: "underline" },
            }}
          >
            <Text fontWeight="700" fontSize="xl" mb="3">
              {subject || "—"}
            </Text>
            <div dangerouslySetInnerHTML={{ __html: preview }} />
          </Box>
        </Stack>

        <Stack gap="4" gridColumn={{ lg: "1 / -1" }}>
          {props.error ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{props.error}</Alert.Title>
            </Alert.Root>
          ) : null}
          {editable ? (
            <>
              <Text color="fg.muted" aria-live="polite" data-testid="newsletter-audience">
                {audience === null ? (
                  <Trans>Counting subscribers…</Trans>
                ) : (
                  <Plural
                    value={count}
                    _0={`No confirmed subscriber reads ${languageName} yet.`}
                    one={`# confirmed subscriber reads ${languageName}.`}
                    other={`# confirmed subscribers read ${languageName}.`}
                  />
                )}
              </Text>
              <Flex gap="3" wrap="wrap">
                <Button type="submit" variant="outline" loading={busy === "saving"} loadingText={t`Saving…`} disabled={busy !== null}>
                  <Save aria-hidden="true" />
                  <Trans>Save draft</Trans>
                </Button>
                <Button
                  variant="outline"
                  loading={busy === "testing"}
                  loadingText={t`Sending the test…`}
                  disabled={busy !== null}
                  onClick={() => {
                    const d = draft();
                    if (d) props.onSendTest(d);
                  }}
                >
                  <FlaskConical aria-hidden="true" />
                  <Trans>Send me a test</Trans>
                </Button>
                <Button colorPalette="brand" disabled={busy !== null} onClick={() => askToSend(false)}>
                  <Send aria-hidden="true" />
                  <Trans>Send now</Trans>
                </Button>
                {issue ? (
                  <Button
                    variant="ghost"
                    colorPalette="red"
                    loading={busy === "deleting"}
                    loadingText={t`Deleting…`}
                    disabled={busy !== null}
                    onClick={props.onDelete}
                  >
                    <Trash2 aria-hidden="true" />
                    <Trans>Delete draft</Trans>
                  </Button>
                ) : null}
              </Flex>
              <Flex gap="3" align="end" wrap="wrap">
                <Field.Root invalid={Boolean(errors.at)} maxW="xs">
                  <Field.Label>
                    <Trans>Send later, at ({zone})</Trans>
                  </Field.Label>
                  <Input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} dir="ltr" />
                  <Field.ErrorText>{errors.at}</Field.ErrorText>
                </Field.Root>
                <Button variant="outline" colorPalette="brand" disabled={busy !== null || !at} onClick={() => askToSend(true)}>
                  <CalendarClock aria-hidden="true" />
                  <Trans>Schedule</Trans>
                </Button>
              </Flex>
            </>
          ) : issue && (issue.status === "scheduled" || issue.status === "sending") ? (
            <Flex gap="3" align="center" wrap="wrap">
              {issue.status === "scheduled" && issue.scheduled_at ? (
                <Text>
                  <Trans>Scheduled for {scheduledFor}.</Trans>
                </Text>
              ) : null}
              <Button
                variant="outline"
                colorPalette="red"
                loading={busy === "cancelling"}
                loadingText={t`Cancelling…`}
                onClick={props.onCancelIssue}
              >
                <X aria-hidden="true" />
                {issue.status === "scheduled" ? <Trans>Unschedule (back to draft)</Trans> : <Trans>Stop sending</Trans>}
              </Button>
            </Flex>
          ) : null}
        </Stack>
      </chakra.form>

      <ConfirmDialog
        open={confirm !== null}
        role="alertdialog"
        destructive={false}
        title={confirm?.at ? <Trans>Schedule this issue?</Trans> : <Trans>Send this issue now?</Trans>}
        description={
          confirm?.at ? (
            <Plural
              value={count}
              _0={`It will go on ${date} to the confirmed subscribers who read ${languageName} then (none today).`}
              one={`It will go on ${date} to the confirmed subscribers who read ${languageName} then (# today).`}
              other={`It will go on ${date} to the confirmed subscribers who read ${languageName} then (# today).`}
            />
          ) : (
            <Plural
              value={count}
              _0={`No confirmed subscriber reads ${languageName}: nobody will receive it.`}
              one={`It goes to # confirmed subscriber who reads ${languageName}. This cannot be undone.`}
              other={`It goes to # confirmed subscribers who read ${languageName}. This cannot be undone.`}
            />
          )
        }
        cancelLabel={<Trans>Keep editing</Trans>}
        confirmLabel={confirm?.at ? <Trans>Schedule</Trans> : <Trans>Send to subscribers</Trans>}
        pendingLabel={t`Sending…`}
        pending={busy === "sending"}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const d = draft();
          if (d && confirm) props.onSend(d, confirm.at);
          setConfirm(null);
        }}
      />
    </AdminScreen>
  );
}

function IssueFigures({ issue }: { issue: IssueEntry }) {
  const f = issue.figures;
  const n = (v: number) => new Intl.NumberFormat("en-US").format(v);
  const web = `${issue.language === "en" ? "/en" : ""}/newsletter/issues/${issue.id}`;
  return (
    <Stack gap="3" layerStyle="panel" p={{ base: "4", md: "5" }} data-testid="newsletter-figures">
      <Grid templateColumns={{ base: "repeat(2, 1fr)", md: "repeat(5, 1fr)" }} gap="3" as="dl">
        {[
          { label: <Trans>Recipients</Trans>, value: f?.recipients ?? issue.recipients },
          { label: <Trans>Delivered</Trans>, value: f?.sent ?? 0 },
          { label: <Trans>Failed</Trans>, value: f?.failed ?? 0 },
          { label: <Trans>Waiting</Trans>, value: f?.waiting ?? 0 },
          { label: <Trans>Unsubscribed after it</Trans>, value: f?.unsubscribed ?? 0 },
        ].map((x, i) => (
          <Box key={i}>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {x.label}
            </Text>
            <Text as="dd" fontSize="2xl" fontWeight="700">
              {n(x.value)}
            </Text>
          </Box>
        ))}
      </Grid>
      {issue.status === "sent" ? (
        <Link href={web} target="_blank" rel="noopener" color="brand.fg" w="fit-content">
          <Trans>Open the web version</Trans>
          <ExternalLink aria-hidden="true" size="14" />
        </Link>
      ) : null}
    </Stack>
  );
}
