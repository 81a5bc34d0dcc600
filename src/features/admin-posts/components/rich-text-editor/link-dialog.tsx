import { Button, Field, Input } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormDialog } from "@/components/feedback/form-dialog";
import { normalizeLinkUrl } from "./link-url";

interface LinkDialogProps {
  open: boolean;
  /** The current link's address (editing) or "". */
  href: string;
  /** Nothing is selected: the dialog asks for the link's text too. */
  needsText: boolean;
  onApply: (link: { href: string; text?: string }) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Adds or edits a link: the address must be http(s), mailto, tel or a path on this site. */
export function LinkDialog({ open, href, needsText, onApply, onRemove, onClose }: LinkDialogProps) {
  const { t } = useLingui();
  const [url, setUrl] = useState(href);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ url?: string; text?: string }>({});
  const urlInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      setUrl(href);
      setText("");
      setErrors({});
    }
  }, [open, href]);

  const submit = (e: FormEvent) => {
    // The dialog is portalled but still inside the post form in React's tree: keep its submit here.
    e.preventDefault();
    e.stopPropagation();
    const result = normalizeLinkUrl(url);
    const next: typeof errors = {};
    if (!result.ok)
      next.url = url.trim()
        ? t`Enter an address that starts with https://, mailto: or tel:, or a path on this site such as /blog.`
        : t`Enter the link's address.`;
    if (needsText && !text.trim()) next.text = t`Enter the text to show for the link.`;
    setErrors(next);
    if (result.ok && !next.text) onApply({ href: result.url, text: needsText ? text.trim() : undefined });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={href ? <Trans>Edit link</Trans> : <Trans>Add a link</Trans>}
      onSubmit={submit}
      cancelLabel={<Trans>Cancel</Trans>}
      submitLabel={<Trans>Apply</Trans>}
      initialFocusEl={() => urlInput.current}
      extraAction={
        href ? (
          <Button type="button" variant="ghost" colorPalette="red" me="auto" onClick={onRemove}>
            <Trans>Remove link</Trans>
          </Button>
        ) : null
      }
    >
      <Field.Root invalid={Boolean(errors.url)} required>
        <Field.Label>
          <Trans>Address</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={urlInput}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          type="text"
          inputMode="url"
          dir="ltr"
          autoComplete="url"
          placeholder="https://"
        />
        <Field.HelperText>
          <Trans>A web address, an email (mailto:), a phone number (tel:) or a page of this site (/contact).</Trans>
        </Field.HelperText>
        <Field.ErrorText color="red.700">{errors.url}</Field.ErrorText>
      </Field.Root>
      {needsText ? (
        <Field.Root invalid={Boolean(errors.text)} required>
          <Field.Label>
            <Trans>Text</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={text} onChange={(e) => setText(e.target.value)} dir="auto" />
          <Field.ErrorText color="red.700">{errors.text}</Field.ErrorText>
        </Field.Root>
      ) : null}
    </FormDialog>
  );
}
