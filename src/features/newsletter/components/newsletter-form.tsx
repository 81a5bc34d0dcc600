import { Box, Field, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { ConsentNotice } from "@/components/forms/consent-notice";
import { useFormSent } from "@/components/forms/form-echo";
import { THANKS_ANCHOR } from "@/lib/forms/visitor-forms";
import { FormThanks, SubmitButton, VisitorForm, visitorForm } from "@/components/forms/form";
import { type NewsletterForm as NewsletterValues, newsletter, newsletterFormSchema, newsletterMessages } from "@/lib/forms/form-base";
import { type SubmitOptions, type SubmitResult, submitForm } from "@/lib/submit/submit";

/** Sends a sign-up through the one submit helper (docs/product.md#newsletter). */
function subscribeNewsletter(email: string, opts: SubmitOptions): Promise<SubmitResult> {
  return submitForm(newsletter.formType, newsletter.toPayload({ email }), opts);
}

const empty: NewsletterValues = { email: "" };
const newsletterForm = visitorForm({
  key: "newsletter",
  schema: newsletterFormSchema,
  spec: newsletter,
  messages: newsletterMessages,
  empty,
});

function EmailInput() {
  const { t } = useLingui();
  const { control } = useFormContext<NewsletterValues>();
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
          value={field.value}
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
        <SubmitButton colorPalette="sand" size="md" loadingText={t`Subscribing…`} flexShrink={0}>
          <Trans>Subscribe</Trans>
        </SubmitButton>
      </Flex>
      <Field.ErrorText color="red.200">{fieldState.error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

export interface NewsletterFormProps {
  /** Injected in stories; defaults to the real submit helper. */
  subscribe?: typeof subscribeNewsletter;
}

/** The footer's newsletter sign-up: email required and valid; thanks the visitor once it is safe. */
export function NewsletterForm({ subscribe = subscribeNewsletter }: NewsletterFormProps) {
  const { t } = useLingui();
  // Without JavaScript, the page the server redirects to after the sign-up (`?sent=newsletter`).
  const [done, setDone] = useState(useFormSent("newsletter"));
  return (
    <Box w="full">
      <FormThanks id={THANKS_ANCHOR.newsletter} data-testid="newsletter-success">
        {done ? (
          <Stack gap="1" bg="whiteAlpha.100" rounded="md" p="3">
            <Text color="white" fontWeight="600" display="flex" alignItems="center" gap="2">
              <CircleCheck aria-hidden="true" size="18" />
              <Trans>Thank you for subscribing!</Trans>
            </Text>
            <Text fontSize="sm">
              <Trans>
                Check your inbox: we sent you a link to confirm your subscription. One practical email a month: follow-up scripts, market
                notes for the UAE and Canada, and what is working for top teams.
              </Trans>
            </Text>
          </Stack>
        ) : null}
      </FormThanks>
      {done ? null : (
        <VisitorForm
          form={newsletterForm}
          send={(values, opts) => subscribe(values.email, opts)}
          unmatchedField="email"
          aria-label={t`Newsletter`}
          onDone={() => setDone(true)}
        >
          <EmailInput />
          <Box mt="2">
            <ConsentNotice kind="newsletter" color="whiteAlpha.800" linkColor="white" />
          </Box>
        </VisitorForm>
      )}
    </Box>
  );
}
