import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { ArticleContent } from "@/components/article-content";
import { AppLink } from "@/components/app-link";
import { useLocale } from "@/lib/i18n/locale-context";
import type { IssueWebVersion } from "../api/get-issue-web-version";

/**
 * The web version of a sent newsletter issue (the link at the top of every issue): its subject, when it
 * was sent and its body, in the issue's language and direction. The body was sanitised by the loader.
 */
export function NewsletterIssueView({ issue }: { issue: IssueWebVersion }) {
  const { intl } = useLocale();
  const sent = issue.sent_at ? new Intl.DateTimeFormat(intl, { dateStyle: "long" }).format(new Date(issue.sent_at)) : null;
  return (
    <Container maxW="3xl" py={{ base: "8", md: "14" }} px={{ base: "4", md: "6" }}>
      <Stack gap="6" as="article" lang={issue.language} dir={issue.language === "ar" ? "rtl" : "ltr"}>
        <Stack gap="2">
          <Text color="fg.muted" fontSize="sm">
            <Trans>Newsletter</Trans>
            {sent ? <> · {sent}</> : null}
          </Text>
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} lineHeight="1.3">
            {issue.subject}
          </Heading>
          {issue.preheader ? (
            <Text color="fg.muted" fontSize="lg">
              {issue.preheader}
            </Text>
          ) : null}
        </Stack>
        <ArticleContent html={issue.body_html} lang={issue.language} serverSanitized />
        <Box borderTopWidth="1px" pt="4">
          <AppLink to="/blog" color="brand.fg" fontWeight="600">
            <Trans>More on the blog</Trans>
          </AppLink>
        </Box>
      </Stack>
    </Container>
  );
}
