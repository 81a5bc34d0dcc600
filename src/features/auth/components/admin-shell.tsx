import { Box, Button, Container, Flex, HStack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "@/components/app-link";
import { LanguageToggle } from "@/components/layout/navbar";
import { Wordmark } from "@/components/layout/wordmark";
import { stripLocale } from "@/lib/i18n/locale";

export interface AdminShellProps {
  email: string;
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
}

/** The admin chrome: wordmark, section links, language toggle, the signed-in email and Sign Out. */
export function AdminShell({ email, onSignOut, signingOut = false, children }: AdminShellProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const links = [
    { to: "/admin", label: t`Dashboard`, active: here === "/admin" },
    { to: "/admin/posts", label: t`Posts`, active: here.startsWith("/admin/posts") },
    { to: "/admin/leads", label: t`Leads`, active: here.startsWith("/admin/leads") },
    { to: "/admin/mail", label: t`Mail`, active: here.startsWith("/admin/mail") },
  ];
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="7xl" py="3">
          <Flex gap="4" align="center" justify="space-between" wrap="wrap">
            <HStack gap="6" wrap="wrap">
              <Wordmark />
              <HStack as="nav" aria-label={t`Administration`} gap="1">
                {links.map((l) => (
                  <AppLink
                    key={l.to}
                    to={l.to}
                    aria-current={l.active ? "page" : undefined}
                    px="3"
                    py="1.5"
                    rounded="md"
                    fontWeight="600"
                    color={l.active ? "brand.fg" : "fg.muted"}
                    bg={l.active ? "brand.subtle" : undefined}
                    _hover={{ textDecoration: "none", bg: "bg.subtle" }}
                  >
                    {l.label}
                  </AppLink>
                ))}
              </HStack>
            </HStack>
            <HStack gap="3">
              <LanguageToggle />
              <Text fontSize="sm" color="fg.muted" dir="ltr" display={{ base: "none", md: "block" }}>
                {email}
              </Text>
              <Button size="sm" variant="outline" onClick={onSignOut} loading={signingOut} loadingText={t`Signing out…`}>
                <LogOut aria-hidden="true" />
                <Trans>Sign Out</Trans>
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="main" flex="1">
        {children}
      </Box>
    </Flex>
  );
}
