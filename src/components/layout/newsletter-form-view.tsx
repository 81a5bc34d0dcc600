import { Button, Field, chakra, Flex, Input } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

/** The footer's newsletter form, presentational: the newsletter feature supplies the behaviour. */
export function NewsletterFormView({
  onSubscribe,
  submitting = false,
  error,
}: {
  onSubscribe?: (email: string) => void;
  submitting?: boolean;
  error?: string;
}) {
  const { t } = useLingui();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = new FormData(e.currentTarget).get("email");
    if (typeof email === "string") onSubscribe?.(email);
  };
  return (
    <chakra.form onSubmit={submit} noValidate={Boolean(onSubscribe)} aria-label={t`Newsletter`} w="full">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label color="white" fontWeight="600">
          <Trans>Get real-estate sales tips in your inbox</Trans>
        </Field.Label>
        <Flex gap="2" w="full" direction={{ base: "column", sm: "row" }}>
          <Input
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder={t`you@agency.com`}
            bg="white"
            color="fg"
            dir="ltr"
            textAlign="start"
            _rtl={{ textAlign: "right" }}
          />
          <Button type="submit" colorPalette="sand" loading={submitting} loadingText={t`Subscribing…`} flexShrink={0}>
            <Trans>Subscribe</Trans>
          </Button>
        </Flex>
        {error ? <Field.ErrorText color="red.200">{error}</Field.ErrorText> : null}
      </Field.Root>
    </chakra.form>
  );
}
