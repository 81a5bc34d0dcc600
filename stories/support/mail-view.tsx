import { Box, Heading, Stack, Text, chakra } from "@chakra-ui/react";

/** A rendered message (subject, HTML, plain text) as a mail client shows it: the HTML in a frame, the text part below. */
export function MailView({
  mail,
  locale,
  height = "640px",
}: {
  mail: { subject: string; html: string; text: string };
  locale: "ar" | "en";
  height?: string;
}) {
  return (
    <Stack gap="3" maxW="2xl">
      <Heading as="h1" fontSize="lg" data-testid="subject">
        {mail.subject}
      </Heading>
      <chakra.iframe
        title={mail.subject}
        srcDoc={mail.html}
        sandbox="allow-same-origin"
        w="full"
        h={height}
        borderWidth="1px"
        rounded="md"
        bg="white"
      />
      <Box as="details">
        <Text as="summary" cursor="pointer">
          text/plain
        </Text>
        <Text as="pre" whiteSpace="pre-wrap" fontSize="sm" dir={locale === "ar" ? "rtl" : "ltr"}>
          {mail.text}
        </Text>
      </Box>
    </Stack>
  );
}
