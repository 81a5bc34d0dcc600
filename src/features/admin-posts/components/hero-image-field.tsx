import { Box, Button, Field, HStack, Image, Progress, Stack, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ImageUp, Trash2, X } from "lucide-react";
import { useId, useRef } from "react";
import type { ImageProblem } from "../machines/image-upload.machine";
import { IMAGE_TYPES } from "../schemas/post";

interface HeroImageFieldProps {
  url: string | null;
  uploading: boolean;
  /** 0..1 */
  progress: number;
  fileName: string | null;
  problem: ImageProblem | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/** Hero image upload with a progress bar, preview and Remove (docs/product.md#admin-posts). */
export function HeroImageField({ url, uploading, progress, fileName, problem, onSelect, onRemove, onCancel }: HeroImageFieldProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const labelId = useId();
  const percent = Math.round(progress * 100);
  const problemText =
    problem === "type"
      ? t`Please select an image file.`
      : problem === "size"
        ? t`Image size must be less than 5MB.`
        : problem === "content"
          ? t`This file is not a valid image, whatever its name says. Choose a JPEG, PNG, WebP, GIF or AVIF picture.`
          : problem === "upload"
            ? t`Failed to upload image. Please try again.`
            : null;

  return (
    // No control here is labelled by the title (the file input is hidden; the buttons name themselves):
    // it names the group instead of being a <label for> that points at nothing.
    <Field.Root invalid={problem !== null} role="group" aria-labelledby={labelId}>
      <Text id={labelId} fontWeight="medium" textStyle="sm">
        <Trans>Hero image</Trans>
      </Text>
      <Stack gap="3" w="full">
        {url ? (
          <Box position="relative" rounded="md" overflow="hidden" borderWidth="1px" bg="bg.muted">
            <Image src={url} alt={t`Hero image preview`} w="full" aspectRatio={16 / 9} objectFit="cover" />
          </Box>
        ) : (
          <Box
            rounded="md"
            borderWidth="1px"
            borderStyle="dashed"
            aspectRatio={16 / 9}
            display="grid"
            placeItems="center"
            color="fg.muted"
            bg="bg.subtle"
          >
            <Text fontSize="sm">
              <Trans>No image yet</Trans>
            </Text>
          </Box>
        )}

        {uploading ? (
          <Stack gap="2">
            <Progress.Root value={percent} max={100} colorPalette="brand" size="sm">
              <HStack justify="space-between">
                <Progress.Label fontSize="sm">
                  <Trans>Uploading {fileName}…</Trans>
                </Progress.Label>
                <Progress.ValueText fontSize="sm" />
              </HStack>
              <Progress.Track mt="1">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Button size="xs" variant="ghost" alignSelf="start" onClick={onCancel}>
              <X aria-hidden="true" />
              <Trans>Cancel upload</Trans>
            </Button>
          </Stack>
        ) : (
          <HStack gap="2" wrap="wrap">
            <chakra.input
              ref={input}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              srOnly
              tabIndex={-1}
              aria-hidden="true"
              data-testid="hero-image-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) onSelect(file);
              }}
            />
            <Button size="sm" variant="outline" onClick={() => input.current?.click()} aria-describedby={helpId}>
              <ImageUp aria-hidden="true" />
              {url ? <Trans>Replace image</Trans> : <Trans>Upload image</Trans>}
            </Button>
            {url ? (
              <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
                <Trash2 aria-hidden="true" />
                <Trans>Remove</Trans>
              </Button>
            ) : null}
          </HStack>
        )}
        <Text id={helpId} fontSize="xs" color="fg.muted">
          <Trans>JPEG, PNG, WebP, GIF or AVIF, less than 5 MB.</Trans>
        </Text>
      </Stack>
      {problemText ? (
        <Field.ErrorText color="red.700" role="alert">
          {problemText}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
