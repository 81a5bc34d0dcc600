import { Box, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { UploadImage } from "./hero-image-upload";
/**
 * Imported statically: the editor (Tiptap, ProseMirror) goes into the post editor route's own chunk, which
 * only /admin/posts/new and /admin/posts/:id/edit load. A separate lazy chunk would be a new entry point
 * for the bundler and re-split chunks that public pages share (their bytes would change).
 */
import RichTextEditor from "./rich-text-editor/rich-text-editor";

interface PostContentFieldProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  upload: UploadImage;
  language: "ar" | "en";
}

const LABEL_ID = "post-content";

/** The post form's Content field: label, rich-text editor, help and error (docs/product.md#admin-posts). */
export function PostContentField({ value, onChange, onBlur, error, upload, language }: PostContentFieldProps) {
  return (
    <Stack gap="1.5" role="group" aria-labelledby={`${LABEL_ID}-label`}>
      <Text as="span" id={`${LABEL_ID}-label`} fontWeight="medium" fontSize="sm" textStyle="sm">
        <Trans>Content</Trans>
        <Box as="span" color="fg.error" ms="1" aria-hidden="true">
          *
        </Box>
      </Text>
      <RichTextEditor
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        labelId={`${LABEL_ID}-label`}
        describedBy={error ? `${LABEL_ID}-help ${LABEL_ID}-error` : `${LABEL_ID}-help`}
        invalid={Boolean(error)}
        required
        upload={upload}
        language={language}
      />
      <Text id={`${LABEL_ID}-help`} fontSize="xs" color="fg.muted">
        <Trans>Paste from Google Docs, Word or a web page: formatting is cleaned up and headings, lists and links are kept.</Trans>
      </Text>
      {error ? (
        <Text id={`${LABEL_ID}-error`} fontSize="xs" color="red.700">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
