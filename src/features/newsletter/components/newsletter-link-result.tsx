import { Alert, Box, Button, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { AppLink } from "@/components/app-link";
import type { NewsletterLinkStatus } from "../api/apply-newsletter-link";

export type NewsletterPageState = NewsletterLinkStatus | "ask";

/**
 * What a newsletter link leads to: the confirmation (double opt-in), the unsubscribe question (a
 * button, so that link scanners opening the URL unsubscribe nobody) and its result, or why a link
 * no longer works. The result is focused so that it is announced.
 */
export function NewsletterLinkResult({
  state,
  action,
  formAction,
}: {
  state: NewsletterPageState;
  action: "confirm" | "unsubscribe";
  formAction?: string;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [state]);

  let status: "success" | "error" | "info" = "info";
  let title: React.ReactNode;
  let body: React.ReactNode;
  switch (state) {
    case "confirmed":
      status = "success";
      title = <Trans>Your subscription is confirmed</Trans>;
      body = <Trans>Thank you! The next newsletter will reach your inbox. Every issue has a one-click unsubscribe link.</Trans>;
      break;
    case "unsubscribed":
      status = "success";
      title = <Trans>You are unsubscribed</Trans>;
      body = <Trans>We will not send you the newsletter again. Changed your mind? Sign up again from the bottom of any page.</Trans>;
      break;
    case "expired":
      status = "error";
      title = <Trans>This link has expired</Trans>;
      body =
        action === "confirm" ? (
          <Trans>Confirmation links work for 7 days. Sign up again from the bottom of any page and we will send you a new one.</Trans>
        ) : (
          <Trans>Use the unsubscribe link in a more recent email, or contact us and we will remove you.</Trans>
        );
      break;
    case "invalid":
      status = "error";
      title = <Trans>This link does not work</Trans>;
      body = <Trans>It may be incomplete or no longer valid. Copy the whole link from the email, or contact us and we will help.</Trans>;
      break;
    case "error":
      status = "error";
      title = <Trans>Something went wrong</Trans>;
      body = <Trans>We could not update your subscription just now. Please try again in a few minutes.</Trans>;
      break;
    case "ask":
      title = <Trans>Unsubscribe from the newsletter?</Trans>;
      body = <Trans>You will stop receiving our monthly email. You can sign up again at any time.</Trans>;
      break;
  }

  return (
    <Stack gap="6" maxW="xl" mx="auto" py={{ base: "10", md: "16" }} px="4">
      <Box ref={ref} tabIndex={-1} outline="none" role="status" aria-live="polite">
        <Alert.Root status={status}>
          <Alert.Indicator />
          <Alert.Content>
            {/* The page's one heading: what happened to the subscription. */}
            <Alert.Title asChild>
              <h1>{title}</h1>
            </Alert.Title>
            <Alert.Description>{body}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Box>
      {state === "ask" && formAction ? (
        <form method="post" action={formAction} aria-label={t`Unsubscribe from the newsletter`}>
          <Button type="submit" colorPalette="brand">
            <Trans>Unsubscribe</Trans>
          </Button>
        </form>
      ) : null}
      <Text>
        <AppLink to="/">
          <Trans>Back to the home page</Trans>
        </AppLink>
      </Text>
    </Stack>
  );
}
