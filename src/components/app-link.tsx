import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from "@chakra-ui/react";
import { forwardRef } from "react";
import { Link as RouterLink } from "react-router";
import { useLocale } from "@/lib/i18n/locale-context";

export interface AppLinkProps extends Omit<ChakraLinkProps, "href" | "asChild"> {
  /** An internal path without language prefix ("/blog"); it gets "/en" in English. */
  to: string;
  /** Use the path exactly as given (for the language toggle). */
  raw?: boolean;
  replace?: boolean;
  prefetch?: "intent" | "render" | "none" | "viewport";
}

/** Internal link that keeps the current language and navigates on the client. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, raw, replace, prefetch = "intent", children, ...rest },
  ref,
) {
  const { href } = useLocale();
  return (
    <ChakraLink asChild {...rest}>
      <RouterLink ref={ref} to={raw ? to : href(to)} replace={replace} prefetch={prefetch}>
        {children}
      </RouterLink>
    </ChakraLink>
  );
});
