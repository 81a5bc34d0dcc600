import { Box, Button, Field, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { useLocation } from "react-router";
import { ConsentNotice } from "@/components/forms/consent-notice";
import { HoneypotField } from "@/components/forms/fields";
import { useReveal } from "@/components/forms/use-reveal";
import { Form, applyServerErrors } from "@/components/forms/form";
import { newsletterFormSchema } from "@/lib/forms/schemas";
import { useLocale } from "@/lib/i18n/locale-context";
import { subscribeNewsletter } from "../api/subscribe-newsletter";

function EmailInput() {
  const { t } = useLingui();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: "email", control });
  return (
    <Field.Root invalid={Boolean(fieldState.error)} required>
      <Field.Label color="white" fontWeight="600">
        <Trans>Get real-estate sales tips in your inbox</Trans>
      </Field.Label>
      <Flex gap="2" w="full" direction={{ base: "column", sm: "row" }}>
        <Input
          ref={field.ref}
          name={field.name}
          value={(field.value as string) ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t`you@agency.com`}
          bg="white"
          color="fg"
          dir="ltr"
          _rtl={{ textAlign: "right" }}
        />
        <SubmitButton />
      </Flex>
      <Field.ErrorText color="red.200">{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

function SubmitButton() {
  const { t } = useLingui();
  const { formState } = useFormContext();
  return (
    <Button type="submit" colorPalette="sand" loading={formState.isSubmitting} loadingText={t`Subscribing…`} flexShrink={0}>
      <Trans>Subscribe</Trans>
    </Button>
  );
}

export interface NewsletterFormProps {
  /** Injected in stories; defaults to the real submit helper. */
  subscribe?: typeof subscribeNewsletter;
}

/** The footer's newsletter sign-up: email required and valid; thanks the visitor once it is safe. */
export function NewsletterForm({ subscribe = subscribeNewsletter }: NewsletterFormProps) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const { pathname } = useLocation();
  const [done, setDone] = useState(false);
  const thanks = useRef<HTMLDivElement>(null);
  useReveal(thanks, done);
  const message = t`Please enter a valid email address`;
  const schema = useMemo(() => newsletterFormSchema({ email: message }), [message]);
  return (
    <Box w="full">
      <Box role="status" aria-live="polite" ref={thanks} tabIndex={-1} outline="none" scrollMarginBlock="6rem" data-testid="newsletter-success">
        {done ? (
          <Stack gap="1" bg="whiteAlpha.100" rounded="md" p="3">
            <Text color="white" fontWeight="600" display="flex" alignItems="center" gap="2">
              <CircleCheck aria-hidden="true" size="18" />
              <Trans>Thank you for subscribing!</Trans>
            </Text>
            <Text fontSize="sm">
              <Trans>Check your inbox: we sent you a link to confirm your subscription. One practical email a month: follow-up scripts, market notes for the UAE and Canada, and what is working for top teams.</Trans>
            </Text>
          </Stack>
        ) : null}
      </Box>
      {done ? null : (
        <Form
          schema={schema}
          defaultValues={{ email: "", website: "" } as never}
          aria-label={t`Newsletter`}
          onSubmit={async (values, form) => {
            const result = await subscribe(values.email, { path: pathname, locale, website: String(form.getValues("website" as never) ?? "") });
            if (result.status === "rejected") {
              applyServerErrors(form, { email: result.fields.email ?? message }, { email: message });
              return;
            }
            form.reset({ email: "", website: "" } as never);
            setDone(true);
          }}
        >
          <EmailInput />
          <Box mt="2">
            <ConsentNotice kind="newsletter" color="whiteAlpha.800" linkColor="white" />
          </Box>
          <HoneypotField label={t`Leave this field empty`} />
        </Form>
      )}
    </Box>
  );
}
