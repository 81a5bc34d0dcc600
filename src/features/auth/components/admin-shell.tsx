import { Box, Button, Container, Flex, HStack, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "@/components/app-link";
import { LanguageToggle } from "@/components/layout/navbar";
import { Wordmark } from "@/components/layout/wordmark";
import { stripLocale } from "@/lib/i18n/locale";
import { type AdminSection, canOpen } from "../lib/role-access";
import type { TeamRole } from "../machines/session.machine";
import { useRoleName } from "./role-name";

interface AdminShellProps {
  email: string;
  /**
   * The member's role: the section links it cannot open are not shown (the database refuses them
   * anyway). Left out (stories of a single page), every link shows.
   */
  role?: TeamRole | null;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Extra controls beside the language toggle (the member's clock). */
  tools?: ReactNode;
  children: ReactNode;
}

/** The admin chrome: wordmark, section links, language toggle, the signed-in email and Sign Out. */
export function AdminShell({ email, role, onSignOut, signingOut = false, tools, children }: AdminShellProps) {
  const { t } = useLingui();
  const roleName = useRoleName();
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const all: { section: AdminSection; to: string; label: string; active: boolean }[] = [
    { section: "dashboard", to: "/admin", label: t`Dashboard`, active: here === "/admin" },
    { section: "posts", to: "/admin/posts", label: t`Posts`, active: here.startsWith("/admin/posts") },
    { section: "leads", to: "/admin/leads", label: t`Leads`, active: here.startsWith("/admin/leads") },
    { section: "agenda", to: "/admin/agenda", label: t`Agenda`, active: here.startsWith("/admin/agenda") },
    { section: "mail", to: "/admin/mail", label: t`Mail`, active: here.startsWith("/admin/mail") },
    { section: "newsletters", to: "/admin/newsletters", label: t`Newsletter`, active: here.startsWith("/admin/newsletters") },
    { section: "team", to: "/admin/team", label: t`Team`, active: here.startsWith("/admin/team") },
    { section: "markets", to: "/admin/markets", label: t`Markets`, active: here.startsWith("/admin/markets") },
    { section: "analytics", to: "/admin/analytics", label: t`Analytics`, active: here.startsWith("/admin/analytics") },
  ];
  const links = role === undefined ? all : all.filter((l) => canOpen(role, l.section));
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border">
        <Container maxW="7xl" py="3">
          <Flex gap="4" align="center" justify="space-between" wrap="wrap">
            <HStack gap="6" wrap="wrap">
              <Wordmark />
              <HStack as="nav" aria-label={t`Administration`} gap="1" wrap="wrap">
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
              {tools}
              <LanguageToggle />
              <Text fontSize="sm" color="fg.muted" display={{ base: "none", md: "block" }}>
                <chakra.span dir="ltr">{email}</chakra.span>
                {role ? (
                  <chakra.span ms="2" data-testid="admin-role">
                    ({roleName(role)})
                  </chakra.span>
                ) : null}
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
