import { Box, Button, Card, Container, Field, Flex, Grid, Heading, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea, chakra } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { AppLink } from "@/components/app-link";
import { useHydratedForm } from "@/components/forms/form";
import { DirectionalIcon } from "@/components/directional-icon";
import { ArrowLeft } from "lucide-react";
import {
  CATEGORIES,
  COUNTRIES,
  EXCERPT_MAX,
  type PostFormMessages,
  type PostFormValues,
  TITLE_MAX,
  postFormMessages,
  postFormSchema,
} from "../schemas/post";
import { useOptionLabels } from "./post-labels";

export interface PostEditorFormProps {
  mode: "new" | "edit";
  defaultValues: PostFormValues;
  /** The stored slug of a published post: shows View Live Post. */
  liveSlug?: string | null;
  saving?: boolean;
  /** An image upload is running: saving waits. */
  uploading?: boolean;
  onSubmit: (values: PostFormValues) => void;
  /** The hero image field; gets the current value and a setter. */
  renderImageField: (field: { value: string | null; onChange: (url: string | null) => void }) => ReactNode;
  /** Reports whether the form has unsaved changes (unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The post editor's form and its rules (docs/product.md#admin-posts). */
export function PostEditorForm({ mode, defaultValues, liveSlug, saving = false, uploading = false, onSubmit, renderImageField, onDirtyChange }: PostEditorFormProps) {
  const { t, i18n } = useLingui();
  const labels = useOptionLabels();
  const schema = useMemo(() => {
    const m = Object.fromEntries(Object.entries(postFormMessages).map(([k, d]) => [k, i18n._(d)])) as unknown as PostFormMessages;
    return postFormSchema(m);
  }, [i18n]);
  const form = useForm<PostFormValues>({ resolver: valibotResolver(schema), defaultValues, mode: "onSubmit", reValidateMode: "onChange" });
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
  const published = watch("published");
  const title = watch("title");
  const excerpt = watch("excerpt");

  return (
    <Container maxW="7xl" py="8">
      <chakra.form {...hydration} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-labelledby="post-editor-title">
        <Stack gap="6">
          <Flex gap="4" justify="space-between" align={{ base: "start", md: "center" }} direction={{ base: "column", md: "row" }}>
            <Box>
              <AppLink to="/admin/posts" fontSize="sm" color="fg.muted" display="inline-flex" alignItems="center" gap="1">
                <DirectionalIcon boxSize="4">
                  <ArrowLeft />
                </DirectionalIcon>
                <Trans>Back to posts</Trans>
              </AppLink>
              <Heading as="h1" id="post-editor-title" fontSize="3xl" mt="1">
                {mode === "new" ? <Trans>Create New Post</Trans> : <Trans>Edit Post</Trans>}
              </Heading>
            </Box>
            {liveSlug && published ? (
              <Button asChild type={undefined} variant="outline" size="sm">
                <AppLink to={`/blog/${encodeURIComponent(liveSlug)}`} target="_blank" rel="noopener" _hover={{ textDecoration: "none" }}>
                  <ExternalLink aria-hidden="true" />
                  <Trans>View Live Post</Trans>
                </AppLink>
              </Button>
            ) : null}
          </Flex>

          <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="6" alignItems="start">
            <Card.Root>
              <Card.Body>
                <Stack gap="5">
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
                  <Field.Root invalid={Boolean(errors.content)} required>
                    <Field.Label>
                      <Trans>Content</Trans>
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea {...register("content")} rows={16} fontFamily="mono" fontSize="sm" />
                    <Field.HelperText>
                      <Trans>HTML is allowed; it is sanitized before it is shown.</Trans>
                    </Field.HelperText>
                    <Field.ErrorText color="red.700">{errors.content?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Card.Body>
            </Card.Root>

            <Stack gap="6">
              <Card.Root>
                <Card.Body>
                  <Controller control={control} name="hero_image_url" render={({ field }) => <>{renderImageField({ value: field.value, onChange: (url) => setValue("hero_image_url", url, { shouldDirty: true }) })}</>} />
                </Card.Body>
              </Card.Root>
              <Card.Root>
                <Card.Body>
                  <Stack gap="5">
                    <Field.Root invalid={Boolean(errors.category)} required>
                      <Field.Label>
                        <Trans>Category</Trans>
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("category")} placeholder={t`Select a category`}>
                          {CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {labels.category(c)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText color="red.700">{errors.category?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors.country)} required>
                      <Field.Label>
                        <Trans>Country</Trans>
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field {...register("country")} placeholder={t`Select a country`}>
                          {COUNTRIES.map((c) => (
                            <option key={c} value={c}>
                              {labels.country(c)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText color="red.700">{errors.country?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors.read_time)} required>
                      <Field.Label>
                        <Trans>Read time</Trans>
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input {...register("read_time")} placeholder={t`5 min read`} />
                      <Field.ErrorText color="red.700">{errors.read_time?.message}</Field.ErrorText>
                    </Field.Root>
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
                    <Controller
                      control={control}
                      name="published"
                      render={({ field }) => (
                        <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)} colorPalette="brand">
                          <Switch.HiddenInput name={field.name} onBlur={field.onBlur} />
                          <Switch.Control />
                          <Switch.Label>
                            <Trans>Publish</Trans>
                          </Switch.Label>
                        </Switch.Root>
                      )}
                    />
                    <Text fontSize="sm" color="fg.muted" aria-live="polite">
                      {published ? <Trans>This post will be visible on the public blog.</Trans> : <Trans>This post is a draft: only administrators can see it.</Trans>}
                    </Text>
                  </Stack>
                </Card.Body>
              </Card.Root>
              <HStack gap="3" justify="end" wrap="wrap">
                <Button type="button" variant="outline" onClick={() => setValue("published", false, { shouldDirty: true })} disabled={saving}>
                  <Trans>Save as Draft</Trans>
                </Button>
                <Button type="submit" colorPalette="brand" loading={saving} loadingText={t`Saving…`} disabled={uploading}>
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
