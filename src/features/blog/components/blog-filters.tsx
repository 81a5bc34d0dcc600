import { Box, Button, Field, Flex, HStack, Input, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link as RouterLink } from "react-router";
import { type BlogCountryFilter, type BlogFilter, type BlogQuery, blogQueryToSearch, withBlogQuery } from "../lib/blog-query";

interface BlogFiltersProps {
  query: BlogQuery;
  /** The list's path in the current language ("/blog" or "/en/blog"). */
  action: string;
  /** Called with the new search text as the visitor types (debounced); the form also submits normally. */
  onSearch?: (q: string) => void;
}

function Chip({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <Button asChild type={undefined} size="sm" rounded="pill" colorPalette="brand" variant={active ? "solid" : "outline"}>
      <RouterLink to={to} aria-current={active ? "true" : undefined} preventScrollReset replace>
        {children}
      </RouterLink>
    </Button>
  );
}

/** Search box and filter chips; all state lives in the URL query, so they work without JavaScript. */
export function BlogFilters({ query, action, onSearch }: BlogFiltersProps) {
  const { t } = useLingui();
  const [text, setText] = useState(query.q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  // Follow the URL (back/forward, chips), but never overwrite what the visitor is typing.
  useEffect(() => {
    if (typeof document === "undefined" || document.activeElement !== input.current) setText(query.q);
  }, [query.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const link = (patch: Partial<BlogQuery>) => `${action}${blogQueryToSearch(withBlogQuery(query, patch))}`;
  const filters: { value: BlogFilter; label: ReactNode }[] = [
    { value: "all", label: <Trans>All</Trans> },
    { value: "recent", label: <Trans>Most Recent</Trans> },
    { value: "popular", label: <Trans>Most Popular</Trans> },
  ];
  const countries: { value: BlogCountryFilter; label: ReactNode }[] = [
    { value: "all", label: <Trans>All countries</Trans> },
    { value: "Canada", label: <Trans>Canada</Trans> },
    { value: "UAE", label: <Trans>UAE</Trans> },
  ];

  const change = (e: FormEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setText(value);
    if (!onSearch) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value), 350);
  };

  return (
    <Flex direction="column" gap="4">
      {/* data-live-search: on a page in islands mode, search as you type without React (src/app/islands/live-search.ts). */}
      <Form method="get" action={action} role="search" preventScrollReset replace data-live-search="">
        {query.filter !== "all" ? <input type="hidden" name="filter" value={query.filter} /> : null}
        {query.country !== "all" ? <input type="hidden" name="country" value={query.country} /> : null}
        <Field.Root>
          <Field.Label srOnly>
            <Trans>Search articles</Trans>
          </Field.Label>
          <HStack gap="2" w="full" maxW="xl">
            <Box position="relative" flex="1">
              <Box
                position="absolute"
                insetStart="3"
                top="50%"
                transform="translateY(-50%)"
                color="fg.muted"
                pointerEvents="none"
                zIndex="1"
              >
                <Search aria-hidden="true" size={18} />
              </Box>
              <Input
                ref={input}
                type="search"
                name="q"
                value={text}
                onChange={change}
                placeholder={t`Search by title or excerpt`}
                maxLength={100}
                autoComplete="off"
                ps="10"
                bg="bg"
                rounded="pill"
              />
            </Box>
            <Button type="submit" colorPalette="brand" rounded="pill">
              <Trans>Search</Trans>
            </Button>
          </HStack>
        </Field.Root>
      </Form>
      <Flex gap={{ base: "3", md: "6" }} wrap="wrap" align="center" data-swap="blog-chips">
        <HStack role="group" aria-label={t`Sort and filter`} gap="2" wrap="wrap">
          {filters.map((f) => (
            <Chip key={f.value} to={link({ filter: f.value })} active={query.filter === f.value}>
              {f.label}
            </Chip>
          ))}
        </HStack>
        <HStack role="group" aria-label={t`Country`} gap="2" wrap="wrap">
          <Text as="span" fontSize="sm" color="fg.muted" aria-hidden="true">
            <Trans>Country:</Trans>
          </Text>
          {countries.map((c) => (
            <Chip key={c.value} to={link({ country: c.value })} active={query.country === c.value}>
              {c.label}
            </Chip>
          ))}
        </HStack>
      </Flex>
    </Flex>
  );
}
