import { Card, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Wordmark } from "@/components/layout/wordmark";

/** The card of the sign-in and password pages: the wordmark, the page's heading and a line under it. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <Card.Root w="full" maxW="md" shadow="lg" rounded="card">
      <Card.Header gap="4" alignItems="center" textAlign="center">
        <Wordmark />
        <Heading as="h1" fontSize="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
