import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from "@chakra-ui/react";
import { forwardRef } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import { PageLink } from "./navigation";

export interface AppLinkProps extends Omit<ChakraLinkProps, "href" | "asChild"> {
  /** An internal path without language prefix ("/blog"); it gets "/en" in English. */
  to: string;
  /** Use the path exactly as given (for the language toggle). */
  raw?: boolean;
  replace?: boolean;
  prefetch?: "intent" | "render" | "none" | "viewport";
}

/**
 * Internal link that keeps the current language: it navigates on the client where the page has a
 * router, and is a plain link in a public page's island (src/components/navigation.tsx).
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, raw, replace, prefetch = "intent", children, ...rest },
  ref,
) {
  const { href } = useLocale();
  return (
    <ChakraLink asChild {...rest}>
      <PageLink ref={ref} to={raw ? to : href(to)} replace={replace} prefetch={prefetch}>
        {children}
      </PageLink>
    </ChakraLink>
  );
});
