import { Field, Input, Progress, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormDialog } from "@/components/feedback/form-dialog";
import { IMAGE_TYPES, imageProblem } from "../schemas/post";
import type { UploadImage } from "./hero-image-upload";

export interface InsertedImage {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

interface ImageDialogProps {
  open: boolean;
  /** Editing the selected image: only its alt text changes. */
  editing?: { alt: string } | null;
  upload: UploadImage;
  onInsert: (image: InsertedImage) => void;
  onAltChange: (alt: string) => void;
  onClose: () => void;
}

/** The picture's size, for width/height on the <img> (no layout shift); null when the browser cannot read it. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * Uploads an image into the post (through the same storage upload as the hero image) with its alt
 * text, which is required: it is what screen readers and search engines get instead of the picture.
 */
export function ImageDialog({ open, editing, upload, onInsert, onAltChange, onClose }: ImageDialogProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ file?: string; alt?: string; upload?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (open) {
      setFile(null);
      setAlt(editing?.alt ?? "");
      setErrors({});
      setProgress(null);
    } else {
      controller.current?.abort();
    }
  }, [open, editing]);
  useEffect(() => () => controller.current?.abort(), []);

  const fileError = (f: File | null): string | undefined => {
    if (!f) return t`Choose an image to upload.`;
    const problem = imageProblem(f);
    if (problem === "type") return t`Please select an image file (JPEG, PNG, WebP, GIF or AVIF).`;
    if (problem === "size") return t`The image must be smaller than 5 MB.`;
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const next: typeof errors = {};
    if (!alt.trim()) next.alt = t`Describe the image for people who cannot see it.`;
    if (!editing) next.file = fileError(file);
    setErrors(next);
    if (next.alt || next.file) return;
    if (editing) {
      onAltChange(alt.trim());
      return;
    }
    const chosen = file!;
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    try {
      const [src, size] = await Promise.all([upload(chosen, { onProgress: setProgress, signal: abort.signal }), imageSize(chosen)]);
      if (abort.signal.aborted) return;
      onInsert({ src, alt: alt.trim(), width: size?.width ?? null, height: size?.height ?? null });
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error(error);
      setErrors({ upload: t`The image could not be uploaded. Please try again.` });
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? <Trans>Edit image</Trans> : <Trans>Add an image</Trans>}
      onSubmit={(e) => void submit(e)}
      cancelLabel={<Trans>Cancel</Trans>}
      submitLabel={editing ? <Trans>Apply</Trans> : <Trans>Insert image</Trans>}
      submittingLabel={t`Uploading…`}
      submitting={uploading}
    >
      {editing ? null : (
        <Field.Root invalid={Boolean(errors.file)} required>
          <Field.Label>
            <Trans>Image</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="file"
            accept={IMAGE_TYPES.join(",")}
            p="1.5"
            disabled={uploading}
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              setErrors((old) => ({ ...old, file: f ? fileError(f) : undefined }));
            }}
          />
          <Field.HelperText>
            <Trans>JPEG, PNG, WebP, GIF or AVIF, under 5 MB.</Trans>
          </Field.HelperText>
          <Field.ErrorText color="red.700">{errors.file}</Field.ErrorText>
        </Field.Root>
      )}
      <Field.Root invalid={Boolean(errors.alt)} required>
        <Field.Label>
          <Trans>Alt text</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={alt} onChange={(e) => setAlt(e.target.value)} dir="auto" maxLength={300} disabled={uploading} />
        <Field.HelperText>
          <Trans>What the image shows, in the post's language.</Trans>
        </Field.HelperText>
        <Field.ErrorText color="red.700">{errors.alt}</Field.ErrorText>
      </Field.Root>
      {uploading ? (
        <Progress.Root value={Math.round((progress ?? 0) * 100)} colorPalette="brand" size="sm">
          <Progress.Label>
            <Trans>Uploading…</Trans>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {errors.upload ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {errors.upload}
        </Text>
      ) : null}
    </FormDialog>
  );
}
