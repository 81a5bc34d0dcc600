import { Box, Button, Container, Flex, HStack, Stack, Text, chakra, useBreakpointValue } from "@chakra-ui/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut, Menu as MenuIcon, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { AppLink } from "@/components/app-link";
import { LanguageToggle } from "@/components/layout/navbar";
import { Wordmark } from "@/components/layout/wordmark";
import { stripLocale } from "@/lib/i18n/locale";
import { adminNav } from "@/lib/routes/derive";
import type { AdminNavSection } from "@/lib/routes/table";
import { canOpen } from "../lib/role-access";
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

/** The admin navigation's links: the route table's entries with `nav`, in its order. */
const NAV = adminNav();

/** The label of each section's link (the table names the sections; the words are here, in the admin's catalog). */
const NAV_LABELS: Record<AdminNavSection, MessageDescriptor> = {
  dashboard: msg`Dashboard`,
  posts: msg`Posts`,
  leads: msg`Leads`,
  agenda: msg`Agenda`,
  mail: msg`Mail`,
  newsletters: msg`Newsletter`,
  team: msg`Team`,
  markets: msg`Markets`,
  analytics: msg`Analytics`,
};

/** A coarse pointer (a finger) gets 44 px targets whatever the width. */
const TOUCH = { "@media (pointer: coarse)": { minHeight: "44px", minWidth: "44px" } } as const;
/** The same for the header's tools (the clock, the language toggle), which are not this file's buttons. */
const TOUCH_CHILDREN = { "@media (pointer: coarse)": { "& :is(a, button)": { minHeight: "44px", minWidth: "44px" } } } as const;

/**
 * The admin chrome: wordmark, section links, language toggle, the signed-in email and Sign Out. On a phone
 * the header is one 56 px line (wordmark and "Menu"); the menu opens beneath it with the same parts.
 */
export function AdminShell({ email, role, onSignOut, signingOut = false, tools, children }: AdminShellProps) {
  const { t, i18n } = useLingui();
  const roleName = useRoleName();
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const all = NAV.map((l) => ({
    ...l,
    label: i18n._(NAV_LABELS[l.section]),
    active: l.exact ? here === l.to : here.startsWith(l.to),
  }));
  const links = role === undefined ? all : all.filter((l) => canOpen(role, l.section));
  // Below tablet width the header is one line (wordmark and "Menu"); the links and tools open beneath it.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  const nav = (
    <chakra.nav aria-label={t`Administration`}>
      <Flex as="ul" listStyleType="none" ps="0" m="0" gap="1" direction={phone ? "column" : "row"} wrap="wrap">
        {links.map((l) => (
          <li key={l.to}>
            <AppLink
              to={l.to}
              aria-current={l.active ? "page" : undefined}
              display="flex"
              alignItems="center"
              minH={phone ? "11" : undefined}
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
          </li>
        ))}
      </Flex>
    </chakra.nav>
  );
  const who = (
    <Text fontSize="sm" color="fg.muted" minW="0" truncate title={email}>
      <chakra.span dir="ltr">{email}</chakra.span>
      {role ? (
        <chakra.span ms="2" data-testid="admin-role">
          ({roleName(role)})
        </chakra.span>
      ) : null}
    </Text>
  );
  const signOut = (
    <Button
      size="sm"
      minH={{ base: "11", md: "9" }}
      css={TOUCH}
      variant="outline"
      onClick={onSignOut}
      loading={signingOut}
      loadingText={t`Signing out…`}
    >
      <LogOut aria-hidden="true" />
      <Trans>Sign Out</Trans>
    </Button>
  );
  return (
    <Flex direction="column" minH="100dvh" bg="bg.muted">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border" data-testid="admin-header">
        <Container maxW="7xl" py={phone ? "1.5" : "3"}>
          {phone ? (
            <Box
              onKeyDown={(e) => {
                if (e.key !== "Escape" || !menuOpen) return;
                setMenuOpen(false);
                menuButton.current?.focus();
              }}
            >
              <Flex gap="3" align="center" justify="space-between">
                <Wordmark />
                <Button
                  ref={menuButton}
                  variant="outline"
                  size="sm"
                  minH="11"
                  minW="11"
                  aria-expanded={menuOpen}
                  aria-controls={menuId}
                  onClick={() => setMenuOpen((o) => !o)}
                  data-testid="admin-menu-button"
                >
                  {menuOpen ? <X aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
                  <Trans>Menu</Trans>
                </Button>
              </Flex>
              <Stack id={menuId} hidden={!menuOpen} gap="3" py="3" data-testid="admin-menu">
                {nav}
                {who}
                <Flex gap="2" wrap="wrap" align="center" css={TOUCH_CHILDREN}>
                  {tools}
                  <LanguageToggle />
                  {signOut}
                </Flex>
              </Stack>
            </Box>
          ) : (
            <Flex gap="4" align="center" justify="space-between" wrap="wrap">
              <HStack gap="6" wrap="wrap">
                <Wordmark />
                {nav}
              </HStack>
              <HStack gap="3" css={TOUCH_CHILDREN}>
                {tools}
                <LanguageToggle />
                {who}
                {signOut}
              </HStack>
            </Flex>
          )}
        </Container>
      </Box>
      <Box as="main" id="main" flex="1">
        {children}
      </Box>
    </Flex>
  );
}
