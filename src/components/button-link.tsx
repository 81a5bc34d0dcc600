import { Button, type ButtonProps } from "@chakra-ui/react";
import { AppLink } from "./app-link";

interface ButtonLinkProps extends Omit<ButtonProps, "asChild" | "type"> {
  /** An internal path without language prefix, as for `AppLink`. */
  to: string;
  /** Use the path exactly as given (a page in the other language). */
  raw?: boolean;
  target?: string;
  rel?: string;
}

/**
 * An internal link that looks like a button: a real `<a>` (no `type`, which is invalid on a link), no
 * underline on hover, keeping the current language like `AppLink`.
 */
export function ButtonLink({ to, raw, target, rel, children, ...button }: ButtonLinkProps) {
  return (
    <Button asChild type={undefined} {...button}>
      <AppLink to={to} raw={raw} target={target} rel={rel} _hover={{ textDecoration: "none" }}>
        {children}
      </AppLink>
    </Button>
  );
}
