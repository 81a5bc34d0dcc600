import { Icon, type IconProps } from "@chakra-ui/react";
import type { ReactElement } from "react";

/**
 * Wraps an icon that points somewhere (arrow, chevron) so it is mirrored in right-to-left pages.
 * The icon is decorative: give the surrounding control its accessible name.
 */
export function DirectionalIcon({ children, ...props }: IconProps & { children: ReactElement }) {
  return (
    <Icon aria-hidden="true" _rtl={{ transform: "scaleX(-1)" }} {...props}>
      {children}
    </Icon>
  );
}
