import { type AnchorHTMLAttributes, type ReactNode, createContext, forwardRef, useContext } from "react";
import type { Link } from "react-router";

/**
 * What a component may know about the page it is on, without depending on React Router: the path, and
 * the router's link component where there is a router (the admin area in the browser; every page while
 * the server renders it). Public pages hydrate as islands, each on its own root without a router
 * (src/app/islands): there `RouterLink` is absent and links are plain anchors, so following one loads
 * the next server-rendered page.
 */
interface PageNavigation {
  pathname: string;
  RouterLink?: typeof Link;
  /** Rendered as static HTML that never hydrates (a page in islands mode, outside its islands). */
  isStatic?: boolean;
}

const NavigationContext = createContext<PageNavigation>({ pathname: "/" });

export function PageNavigationProvider({ value, children }: { value: PageNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function usePageNavigation(): PageNavigation {
  return useContext(NavigationContext);
}

interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The full path (with its language prefix). */
  to: string;
  replace?: boolean;
  prefetch?: "intent" | "render" | "none" | "viewport";
}

/** An internal link: the router's where there is one, else a plain anchor. */
export const PageLink = forwardRef<HTMLAnchorElement, PageLinkProps>(function PageLink({ to, replace, prefetch, ...rest }, ref) {
  const { RouterLink } = usePageNavigation();
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in `rest.children`, as for RouterLink
  if (!RouterLink) return <a ref={ref} href={to} {...rest} />;
  return <RouterLink ref={ref} to={to} replace={replace} prefetch={prefetch} {...rest} />;
});
