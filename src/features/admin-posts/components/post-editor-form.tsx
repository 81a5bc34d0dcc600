import {
  Box,
  Button,
  Card,
  Container,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Input,
  RadioGroup,
  Stack,
  Switch,
  Text,
  Textarea,
  chakra,
} from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { AppLink } from "@/components/app-link";
import { BackLink } from "@/components/back-link";
import { ButtonLink } from "@/components/button-link";
import { FieldFrame, SelectControl } from "@/components/forms/fields";
import { useHydratedForm } from "@/components/forms/form";
import { Languages } from "lucide-react";
import { localizePath } from "@/lib/i18n/locale";
import { useLocale } from "@/lib/i18n/locale-context";
import { isSlugOfTitle, slugify } from "@/lib/slug";
import {
  CATEGORIES,
  COUNTRIES,
  EXCERPT_MAX,
  META_DESCRIPTION_HINT,
  META_TITLE_HINT,
  POST_LANGUAGES,
  type PostFormFields,
  type PostTranslation,
  TITLE_MAX,
  instantOfWallTime,
  otherLanguage,
  postFormSchema,
  postStatus,
  wallTimeIn,
} from "../schemas/post";
import type { UploadImage } from "./hero-image-upload";
import { PostContentField } from "./post-content-field";
import { StatusBadge, useLanguageLabel, useOptionLabels, useZoneLabel } from "./post-labels";

interface PostEditorFormProps {
  mode: "new" | "edit";
  defaultValues: PostFormFields;
  /** The business time zone a scheduled time is entered in (IANA name). */
  timeZone: string;
  /** The clock (tests and stories fix it). */
  now?: () => number;
  /** The stored slug of a published post: shows View Live Post. */
  liveSlug?: string | null;
  /** The slug the last save was refused for: another post of the language uses it. */
  slugTaken?: string | null;
  /** The stored post's translation, if any (edit mode). */
  translation?: PostTranslation | null;
  /** Creates the linked draft in the other language (edit mode, no translation yet). */
  onTranslate?: () => void;
  translating?: boolean;
  saving?: boolean;
  /** An image upload is running: saving waits. */
  uploading?: boolean;
  /** `draft`: "Save as Draft" (the values say draft; the editor stays open on the saved post). */
  onSubmit: (values: PostFormFields, options?: { draft?: boolean }) => void;
  /** The hero image field; gets the current value and a setter. */
  renderImageField: (field: { value: string | null; onChange: (url: string | null) => void }) => ReactNode;
  /** Uploads an image placed in the content (the rich-text editor's Image button). */
  uploadImage: UploadImage;
  /** Reports whether the form has unsaved changes (unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Values to start from instead of `defaultValues` (an autosaved copy, a restored revision): the form
   * shows them as unsaved changes to the stored post.
   */
  initialValues?: PostFormFields | null;
  /** Every change of the fields while they differ from what is stored (autosave). */
  onFieldsChange?: (fields: PostFormFields) => void;
  /** Above the form: a notice (restored changes). */
  notice?: ReactNode;
  /** Beside the save buttons: the autosave line. */
  status?: ReactNode;
  /** In the side column: the revision history, preview links. */
  tools?: ReactNode;
}

/** The post editor's form and its rules (docs/product.md#admin-posts). */
export function PostEditorForm({
  mode,
  defaultValues,
  timeZone,
  now = Date.now,
  liveSlug,
  slugTaken = null,
  translation = null,
  onTranslate,
  translating = false,
  saving = false,
  uploading = false,
  onSubmit,
  renderImageField,
  uploadImage,
  onDirtyChange,
  initialValues = null,
  onFieldsChange,
  notice,
  status,
  tools,
}: PostEditorFormProps) {
  const { t, i18n } = useLingui();
  const { intl } = useLocale();
  const labels = useOptionLabels();
  const languageLabel = useLanguageLabel();
  const zoneLabel = useZoneLabel(timeZone, now());
  const schema = useMemo(() => postFormSchema((d) => i18n._(d), { timeZone, now }), [i18n, timeZone, now]);
  const form = useForm<PostFormFields>({ resolver: valibotResolver(schema), defaultValues, mode: "onSubmit", reValidateMode: "onChange" });
  const hydration = useHydratedForm();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isDirty },
  } = form;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  // Restored values are unsaved changes to the stored post (the defaults stay what is stored).
  useEffect(() => {
    if (initialValues) form.reset(initialValues, { keepDefaultValues: true });
  }, [initialValues, form]);
  const fieldsChanged = useRef(onFieldsChange);
  fieldsChanged.current = onFieldsChange;
  useEffect(() => {
    const subscription = watch((values) => fieldsChanged.current?.(values as PostFormFields));
    return () => subscription.unsubscribe();
  }, [watch]);
  /** The save running was started by "Save as Draft" (that button shows the progress). */
  const [savingDraft, setSavingDraft] = useState(false);
  const saveDraft = () => {
    setValue("publish_mode", "draft", { shouldDirty: true });
    void handleSubmit((values) => {
      setSavingDraft(true);
      onSubmit(slugEdited.current ? values : { ...values, slug: "" }, { draft: true });
    })();
  };
  const publishMode = watch("publish_mode");
  const published = publishMode !== "draft";
  const title = watch("title");
  const excerpt = watch("excerpt");
  const slug = watch("slug");
  const language = watch("language");
  const metaTitle = watch("meta_title");
  const metaDescription = watch("meta_description");
  const heroImage = watch("hero_image_url");
  const scheduleAt = watch("schedule_at");

  // The slug follows the title until the marketer types one. A post that is live keeps its address; a
  // draft whose slug was made from its title (a translation starts with its source's) keeps following it,
  // so retitling a translation gives it an address in its own language.
  const slugEdited = useRef(
    mode === "edit" ? Boolean(liveSlug) || !isSlugOfTitle(defaultValues.slug, defaultValues.title) : defaultValues.slug !== "",
  );
  useEffect(() => {
    if (!slugEdited.current) setValue("slug", slugify(title ?? ""), { shouldDirty: false });
  }, [title, setValue]);
  const slugField = register("slug", {
    onChange: (e: { target: { value: string } }) => {
      slugEdited.current = e.target.value.trim() !== "";
    },
    onBlur: (e: { target: { value: string } }) => {
      if (e.target.value.trim()) setValue("slug", slugify(e.target.value), { shouldDirty: true });
    },
  });
  const otherName = languageLabel(otherLanguage(language));
  useEffect(() => {
    if (!slugTaken) return;
    const lang = languageLabel(language);
    form.setError(
      "slug",
      { type: "taken", message: t`Another ${lang} post already uses this address. Choose a different one.` },
      { shouldFocus: true },
    );
  }, [slugTaken, form, t, language, languageLabel]);
  const previewSlug = slugify(slug ?? "") || slugify(title ?? "");
  const previewPath = localizePath(`/blog/${previewSlug}`, language);
  const scheduledInstant = publishMode === "schedule" ? instantOfWallTime(scheduleAt ?? "", timeZone) : null;
  const scheduledText = scheduledInstant
    ? new Intl.DateTimeFormat(intl, { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(scheduledInstant))
    : null;
  const minSchedule = wallTimeIn(now(), timeZone);

  return (
    <Container maxW="7xl" py="8">
      <chakra.form
        {...hydration}
        noValidate
        onSubmit={handleSubmit((values) => {
          setSavingDraft(false);
          onSubmit(slugEdited.current ? values : { ...values, slug: "" });
        })}
        aria-labelledby="post-editor-title"
      >
        <Stack gap="6">
          <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
            <Box>
              <BackLink to="/admin/posts" fontSize="sm" color="fg.muted" gap="1">
                <Trans>Back to posts</Trans>
              </BackLink>
              <Heading as="h1" id="post-editor-title" fontSize="3xl" mt="1">
                {mode === "new" ? <Trans>Create New Post</Trans> : <Trans>Edit Post</Trans>}
              </Heading>
            </Box>
            {liveSlug && publishMode === "now" ? (
              <ButtonLink
                raw
                to={localizePath(`/blog/${encodeURIComponent(liveSlug)}`, defaultValues.language)}
                target="_blank"
                rel="noopener"
                variant="outline"
                size="sm"
              >
                <ExternalLink aria-hidden="true" />
                <Trans>View Live Post</Trans>
              </ButtonLink>
            ) : null}
          </Flex>
          {notice}

          <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="6" alignItems="start">
            <Stack gap="6">
              <FormCard gap="5">
                <Field.Root invalid={Boolean(errors.title)} required>
                  <Field.Label>
                    <Trans>Title</Trans>
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input {...register("title")} maxLength={TITLE_MAX + 50} />
                  <Field.HelperText>
                    {title?.length ?? 0} / {TITLE_MAX}
                  </Field.HelperText>
                  <Field.ErrorText color="red.700">{errors.title?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(errors.slug)}>
                  <Field.Label>
                    <Trans>Address (slug)</Trans>
                  </Field.Label>
                  <Input {...slugField} dir="auto" autoComplete="off" spellCheck={false} />
                  <Field.HelperText>
                    {mode === "new" ? (
                      <Trans>Made from the title until you edit it.</Trans>
                    ) : (
                      <Trans>Changing it changes the post's address.</Trans>
                    )}{" "}
                    <bdi dir="ltr" data-testid="slug-preview">
                      {previewPath}
                    </bdi>
                  </Field.HelperText>
                  <Field.ErrorText color="red.700">{errors.slug?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(errors.excerpt)} required>
                  <Field.Label>
                    <Trans>Excerpt</Trans>
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea {...register("excerpt")} rows={3} />
                  <Field.HelperText>
                    {excerpt?.length ?? 0} / {EXCERPT_MAX}
                  </Field.HelperText>
                  <Field.ErrorText color="red.700">{errors.excerpt?.message}</Field.ErrorText>
                </Field.Root>
                <Controller
                  control={control}
                  name="content"
                  render={({ field, fieldState }) => (
                    <PostContentField
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      upload={uploadImage}
                      language={language}
                    />
                  )}
                />
              </FormCard>
              <FormCard
                gap="5"
                header={
                  <>
                    <Heading as="h2" fontSize="lg">
                      <Trans>Search and sharing</Trans>
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      <Trans>Optional: when blank, the title and excerpt are used.</Trans>
                    </Text>
                  </>
                }
              >
                <Field.Root invalid={Boolean(errors.meta_title)}>
                  <Field.Label>
                    <Trans>Search title</Trans>
                  </Field.Label>
                  <Input {...register("meta_title")} dir="auto" />
                  <LengthHint length={metaTitle?.length ?? 0} recommended={META_TITLE_HINT} />
                  <Field.ErrorText color="red.700">{errors.meta_title?.message}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(errors.meta_description)}>
                  <Field.Label>
                    <Trans>Search description</Trans>
                  </Field.Label>
                  <Textarea {...register("meta_description")} rows={3} dir="auto" />
                  <LengthHint length={metaDescription?.length ?? 0} recommended={META_DESCRIPTION_HINT} />
                  <Field.ErrorText color="red.700">{errors.meta_description?.message}</Field.ErrorText>
                </Field.Root>
              </FormCard>
            </Stack>

            <Stack gap="6">
              <FormCard gap="4">
                <Controller
                  control={control}
                  name="hero_image_url"
                  render={({ field }) => (
                    <>
                      {renderImageField({
                        value: field.value,
                        onChange: (url) => setValue("hero_image_url", url, { shouldDirty: true }),
                      })}
                    </>
                  )}
                />
                {heroImage ? (
                  <Field.Root invalid={Boolean(errors.hero_image_alt)} required>
                    <Field.Label>
                      <Trans>Image description (alt text)</Trans>
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input {...register("hero_image_alt")} dir="auto" />
                    <Field.HelperText>
                      <Trans>What the image shows, for screen readers and when it cannot load.</Trans>
                    </Field.HelperText>
                    <Field.ErrorText color="red.700">{errors.hero_image_alt?.message}</Field.ErrorText>
                  </Field.Root>
                ) : null}
              </FormCard>
              <FormCard gap="4">
                <FieldFrame
                  label={<Trans>Language</Trans>}
                  disabled={translation !== null}
                  helperText={translation ? <Trans>Fixed while the post has a translation.</Trans> : null}
                >
                  <SelectControl {...register("language")} options={POST_LANGUAGES.map((l) => ({ value: l, label: languageLabel(l) }))} />
                </FieldFrame>
                <Box data-testid="translation-status">
                  <Text fontWeight="600" fontSize="sm">
                    <Trans>{otherName} version</Trans>
                  </Text>
                  {translation ? (
                    <HStack gap="2" mt="1" wrap="wrap">
                      <AppLink to={`/admin/posts/${translation.id}/edit`} dir="auto" lang={translation.language} fontWeight="500">
                        {translation.title}
                      </AppLink>
                      <StatusBadge status={postStatus(translation, now())} />
                    </HStack>
                  ) : mode === "new" ? (
                    <Text fontSize="sm" color="fg.muted" mt="1">
                      <Trans>Save the post first, then translate it.</Trans>
                    </Text>
                  ) : (
                    <Stack gap="2" mt="1" align="start">
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>Not translated yet.</Trans>
                      </Text>
                      {onTranslate ? (
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={onTranslate}
                          loading={translating}
                          loadingText={t`Creating the translation…`}
                          disabled={saving}
                        >
                          <Languages aria-hidden="true" />
                          <Trans>Translate into {otherName}</Trans>
                        </Button>
                      ) : null}
                    </Stack>
                  )}
                </Box>
              </FormCard>
              <FormCard gap="5">
                <FieldFrame label={<Trans>Category</Trans>} required error={errors.category}>
                  <SelectControl
                    {...register("category")}
                    placeholder={t`Select a category`}
                    options={CATEGORIES.map((c) => ({ value: c, label: labels.category(c) }))}
                  />
                </FieldFrame>
                <FieldFrame label={<Trans>Country</Trans>} required error={errors.country}>
                  <SelectControl
                    {...register("country")}
                    placeholder={t`Select a country`}
                    options={COUNTRIES.map((c) => ({ value: c, label: labels.country(c) }))}
                  />
                </FieldFrame>
                <FieldFrame label={<Trans>Read time</Trans>} required error={errors.read_time}>
                  <Input {...register("read_time")} placeholder={t`5 min read`} />
                </FieldFrame>
                <Controller
                  control={control}
                  name="is_popular"
                  render={({ field }) => (
                    <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)} colorPalette="brand">
                      <Switch.HiddenInput name={field.name} onBlur={field.onBlur} />
                      <Switch.Control />
                      <Switch.Label>
                        <Trans>Popular</Trans>
                      </Switch.Label>
                    </Switch.Root>
                  )}
                />
              </FormCard>
              <FormCard gap="4">
                <Controller
                  control={control}
                  name="publish_mode"
                  render={({ field }) => (
                    <RadioGroup.Root
                      value={field.value}
                      onValueChange={(e) => field.onChange(e.value)}
                      name={field.name}
                      colorPalette="brand"
                    >
                      <RadioGroup.Label fontWeight="600">
                        <Trans>Publishing</Trans>
                      </RadioGroup.Label>
                      <Stack gap="2" mt="2">
                        <RadioGroup.Item value="draft">
                          <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>
                            <Trans>Draft</Trans>
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                        <RadioGroup.Item value="now">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>
                            <Trans>Publish now</Trans>
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                        <RadioGroup.Item value="schedule">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>
                            <Trans>Schedule</Trans>
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                      </Stack>
                    </RadioGroup.Root>
                  )}
                />
                {publishMode === "schedule" ? (
                  <Field.Root invalid={Boolean(errors.schedule_at)} required>
                    <Field.Label>
                      <Trans>Publish on</Trans>
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="datetime-local" {...register("schedule_at")} min={minSchedule} step={60} />
                    <Field.HelperText>
                      <Trans>Time zone: {zoneLabel}</Trans>
                    </Field.HelperText>
                    <Field.ErrorText color="red.700">{errors.schedule_at?.message}</Field.ErrorText>
                  </Field.Root>
                ) : null}
                <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="publish-summary">
                  {publishMode === "schedule" ? (
                    scheduledText ? (
                      <Trans>
                        Scheduled for {scheduledText} ({zoneLabel}). It appears on the public blog on its own at that time.
                      </Trans>
                    ) : (
                      <Trans>Choose when the post goes live.</Trans>
                    )
                  ) : published ? (
                    <Trans>This post will be visible on the public blog.</Trans>
                  ) : (
                    <Trans>This post is a draft: only administrators can see it.</Trans>
                  )}
                </Text>
              </FormCard>
              {tools ? <FormCard gap="4">{tools}</FormCard> : null}
              {status}
              <HStack gap="3" justify="end" wrap="wrap">
                <Button
                  type="button"
                  variant="outline"
                  onClick={saveDraft}
                  loading={saving && savingDraft}
                  loadingText={t`Saving…`}
                  disabled={saving || uploading}
                >
                  <Trans>Save as Draft</Trans>
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={saving && !savingDraft}
                  loadingText={t`Saving…`}
                  disabled={uploading || (saving && savingDraft)}
                >
                  {mode === "new" ? <Trans>Create Post</Trans> : <Trans>Update Post</Trans>}
                </Button>
              </HStack>
            </Stack>
          </Grid>
        </Stack>
      </chakra.form>
    </Container>
  );
}

/** One card of the editor: an optional header over its fields, stacked. */
function FormCard({ gap, header, children }: { gap: "4" | "5"; header?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root>
      {header ? <Card.Header>{header}</Card.Header> : null}
      <Card.Body>
        <Stack gap={gap}>{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Characters typed against what search engines show; past it, a warning (saving is still allowed). */
function LengthHint({ length, recommended }: { length: number; recommended: number }) {
  const over = length > recommended;
  return (
    <Field.HelperText color={over ? "orange.700" : undefined} aria-live="polite">
      {over ? (
        <Trans>
          {length} / {recommended} characters: search results may cut it short.
        </Trans>
      ) : (
        <Trans>
          {length} / {recommended} characters recommended
        </Trans>
      )}
    </Field.HelperText>
  );
}
