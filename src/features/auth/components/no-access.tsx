import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { ShieldOff } from "lucide-react";
import { AppLink } from "@/components/app-link";
import type { TeamRole } from "../machines/session.machine";
import { useRoleName } from "./role-name";

/**
 * What a member sees on an admin page their role does not include (typed or bookmarked URL). The
 * database refuses the data regardless; this only says so clearly.
 */
export function NoAccess({ role }: { role: TeamRole | null }) {
  const roleName = useRoleName();
  const name = role ? roleName(role) : "";
  return (
    <Container maxW="2xl" py="16">
      <Stack gap="4" align="center" textAlign="center" role="status">
        <ShieldOff aria-hidden="true" size={40} />
        <Heading as="h1" fontSize="2xl">
          <Trans>You do not have access to this page</Trans>
        </Heading>
        <Text color="fg.muted">
          {role ? (
            <Trans>Your role ({name}) does not include this section. Ask an owner if you need it.</Trans>
          ) : (
            <Trans>Ask an owner if you need it.</Trans>
          )}
        </Text>
        <Button asChild type={undefined} colorPalette="brand" variant="outline">
          <AppLink to="/admin">
            <Trans>Back to the dashboard</Trans>
          </AppLink>
        </Button>
      </Stack>
    </Container>
  );
}
